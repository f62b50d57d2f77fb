import { ssoMessages } from './sso-messages.js';

/**
 * Every message the server writes to a user, in both languages (issue 16). A key is the stable `code` of an error body
 * (the web can translate it too); `{name}` marks a parameter, the same names in both languages (i18n/messages.test.ts).
 * The English text of a message the contract (packages/contract) writes is the contract's own text, so that
 * `fromEnglish` (i18n/translate.ts) can find its key from what a Zod schema or a contract function returned.
 */
export const catalogue = {
  ...ssoMessages,
  // Generic
  'common.not_found': { en: 'Not found.', es: 'No encontrado.' },
  'common.forbidden': {
    en: 'You do not have permission to perform this action.',
    es: 'No tiene permiso para realizar esta acción.',
  },
  'common.invalid_request': { en: 'Invalid request.', es: 'Petición no válida.' },
  'common.invalid_value': { en: 'Invalid value.', es: 'Valor no válido.' },
  'common.field_message': { en: '{field}: {message}', es: '{field}: {message}' },
  'common.internal_error': { en: 'Internal server error.', es: 'Error interno del servidor.' },
  'common.database_unavailable': {
    en: 'The database is not available right now; nothing was changed. Try again in a few seconds.',
    es: 'La base de datos no está disponible ahora; no se ha cambiado nada. Inténtelo de nuevo en unos segundos.',
  },
  'common.overloaded': {
    en: 'The server is busy; nothing was done. Try again in a few seconds.',
    es: 'El servidor está ocupado; no se ha hecho nada. Inténtelo de nuevo en unos segundos.',
  },
  'common.disk_full': {
    en: "The server's disk is full; nothing was saved. Free space on the server's disk and try again.",
    es: 'El disco del servidor está lleno; no se ha guardado nada. Libere espacio en el disco del servidor e inténtelo de nuevo.',
  },
  /** A text that has no key (a library's own message): passed through as it is. */
  'common.text': { en: '{text}', es: '{text}' },
  'common.nul_refused': { en: 'Null characters are not allowed.', es: 'No se permiten caracteres nulos.' },
  'common.value_too_long': {
    en: 'Ensure this value has at most {max} characters.',
    es: 'Asegúrese de que este valor tiene como máximo {max} caracteres.',
  },
  'common.whole_number': { en: 'Enter a whole number.', es: 'Introduzca un número entero.' },
  'common.number': { en: 'Enter a number.', es: 'Introduzca un número.' },
  /** A query parameter the route does not take (issue 29): a misspelt filter must not show every row. */
  'common.unknown_filter': { en: 'Unknown filter.', es: 'Filtro desconocido.' },
  'common.at_most': {
    en: 'Ensure this value is less than or equal to {max}.',
    es: 'Asegúrese de que este valor es menor o igual que {max}.',
  },
  'common.at_least': {
    en: 'Ensure this value is greater than or equal to {min}.',
    es: 'Asegúrese de que este valor es mayor o igual que {min}.',
  },
  'common.uuid': { en: 'Enter a valid UUID.', es: 'Introduzca un UUID válido.' },
  'common.date_time': { en: 'Enter a valid date/time.', es: 'Introduzca una fecha/hora válida.' },
  'common.date_time_range': {
    en: 'Enter a valid date/time. Enter a date between 1970-01-01 and 9999-12-31.',
    es: 'Introduzca una fecha/hora válida. Introduzca una fecha entre 1970-01-01 y 9999-12-31.',
  },
  'common.date_range': {
    en: 'Enter a date between 1970-01-01 and 9999-12-31.',
    es: 'Introduzca una fecha entre 1970-01-01 y 9999-12-31.',
  },
  'common.date_ymd': { en: 'Enter a date as YYYY-MM-DD.', es: 'Introduzca una fecha con el formato AAAA-MM-DD.' },
  'common.date_start_after_end': {
    en: 'date_start is after date_end.',
    es: 'date_start es posterior a date_end.',
  },
  'common.date_start_after_today': { en: 'date_start is after today.', es: 'date_start es posterior a hoy.' },
  'common.from_after_to': { en: 'from is after to.', es: 'from es posterior a to.' },
  // Optimistic concurrency (http/versions.ts, docs/concurrency.md)
  'common.if_match_invalid': {
    en: 'If-Match must be one version tag, such as "3" (or *).',
    es: 'If-Match debe ser una sola etiqueta de versión, como "3" (o *).',
  },
  'common.version_disagrees': {
    en: 'The version of the body and that of If-Match differ.',
    es: 'La versión del cuerpo y la de If-Match no coinciden.',
  },
  'field.record_version': { en: 'The version is a whole number from 1.', es: 'La versión es un número entero desde 1.' },
  // The database's refusals (http/input-guard.ts)
  'db.out_of_range': {
    en: 'Ensure this value is within the allowed range.',
    es: 'Asegúrese de que este valor está dentro del rango permitido.',
  },
  'db.date_range': {
    en: 'Enter a valid date/time between 1970-01-01 and 9999-12-31.',
    es: 'Introduzca una fecha/hora válida entre 1970-01-01 y 9999-12-31.',
  },
  'db.invalid_value_for_field': {
    en: 'Enter a valid value for this field.',
    es: 'Introduzca un valor válido para este campo.',
  },
  'db.too_long': { en: 'Ensure this value has fewer characters.', es: 'Asegúrese de que este valor tiene menos caracteres.' },
  'db.missing_reference': { en: 'The referenced object does not exist.', es: 'El objeto referenciado no existe.' },
  'db.duplicate': { en: 'An object with this value already exists.', es: 'Ya existe un objeto con este valor.' },
  'db.required': { en: 'This field is required.', es: 'Este campo es obligatorio.' },
  'db.invalid_value': { en: 'Enter a valid value.', es: 'Introduzca un valor válido.' },
  'db.in_use': {
    en: 'This object is still in use by other records.',
    es: 'Este objeto todavía se usa en otros registros.',
  },
  // Multipart bodies (http/multipart.ts)
  'upload.malformed': {
    en: 'The multipart body is incomplete or malformed; send the form again.',
    es: 'El cuerpo multipart está incompleto o mal formado; envíe el formulario de nuevo.',
  },
  'upload.too_large': {
    en: 'The file is too large (at most {mb} MB).',
    es: 'El archivo es demasiado grande (como máximo {mb} MB).',
  },
  'upload.one_file': { en: 'Send one file.', es: 'Envíe un solo archivo.' },
  'upload.too_many': { en: 'Send at most {max} files.', es: 'Envíe como máximo {max} archivos.' },
  'upload.select_file': { en: 'Please select file', es: 'Seleccione un archivo' },
  'upload.csv_only': { en: 'Only .csv files.', es: 'Solo archivos .csv.' },
  'upload.csv_only_uploaded': { en: 'Only .csv files can be uploaded.', es: 'Solo se pueden subir archivos .csv.' },
  'upload.file_refused': { en: 'The file was refused.', es: 'El archivo ha sido rechazado.' },
  // Sign-in and tokens
  'auth.bad_credentials': {
    en: 'Unable to log in with provided credentials.',
    es: 'No se puede iniciar sesión con las credenciales proporcionadas.',
  },
  'auth.too_many_attempts': {
    en: 'Too many failed login attempts. Try again later.',
    es: 'Demasiados intentos fallidos de inicio de sesión. Inténtelo más tarde.',
  },
  'auth.try_again_in': {
    en: 'Too many failed login attempts. Try again in {seconds} seconds (at {at} UTC).',
    es: 'Demasiados intentos fallidos de inicio de sesión. Vuelva a intentarlo dentro de {seconds} segundos (a las {at} UTC).',
  },
  'auth.password_common': {
    en: 'This password is among the most common ones (or one of them with digits added): choose another.',
    es: 'Esta contraseña está entre las más comunes (o es una de ellas con números añadidos): elija otra.',
  },
  'auth.password_email': {
    en: 'The password may not be the e-mail address.',
    es: 'La contraseña no puede ser la dirección de correo electrónico.',
  },
  'auth.mfa_expired': {
    en: 'The sign-in step has expired or was used up. Sign in again.',
    es: 'El paso de inicio de sesión ha caducado o se ha agotado. Inicie sesión de nuevo.',
  },
  'auth.mfa_bad_code': {
    en: 'The code is not valid (or was used already).',
    es: 'El código no es válido (o ya se ha usado).',
  },
  'auth.mfa_enrolled_already': {
    en: 'The second factor is on already. Turn it off first to enrol again.',
    es: 'El segundo factor ya está activado. Desactívelo antes de volver a registrarlo.',
  },
  'auth.mfa_not_enrolled': {
    en: 'Start the enrolment first.',
    es: 'Empiece primero el registro.',
  },
  'auth.mfa_off': { en: 'The second factor is not on.', es: 'El segundo factor no está activado.' },
  'auth.mfa_required': {
    en: 'Your company requires a second factor of administrators: it cannot be turned off.',
    es: 'Su empresa exige un segundo factor a los administradores: no se puede desactivar.',
  },
  'auth.mfa_bad_proof': {
    en: 'The password or the code is not right.',
    es: 'La contraseña o el código no son correctos.',
  },
  'auth.invalid_token': { en: 'Invalid token.', es: 'Token no válido.' },
  'auth.no_credentials': {
    en: 'Authentication credentials were not provided.',
    es: 'No se han proporcionado credenciales de autenticación.',
  },
  // A user's sessions and the live stream's ticket (issue 29, modules/sessions)
  'sessions.id': { en: 'A session id.', es: 'Un id de sesión.' },
  'sessions.not_found': { en: 'Session not found.', es: 'Sesión no encontrada.' },
  'sessions.ticket_invalid': {
    en: 'The live stream ticket is unknown, used already or expired.',
    es: 'El código de acceso a la transmisión en directo no existe, ya se usó o ha caducado.',
  },
  // Backups through the server (modules/backup)
  'backup.off': {
    en: 'Backups through the server are off: it has no backup key (BACKUP_KEY).',
    es: 'Las copias de seguridad a través del servidor están desactivadas: no tiene clave de copia (BACKUP_KEY).',
  },
  'backup.bad_key': {
    en: "A backup needs the server's backup key: Authorization: Backup <key>.",
    es: 'Una copia de seguridad necesita la clave de copia del servidor: Authorization: Backup <clave>.',
  },
  'backup.use_pg_dump': {
    en: 'This server runs on PostgreSQL: back it up with npm run backup (pg_dump), not through the server.',
    es: 'Este servidor usa PostgreSQL: haga la copia con npm run backup (pg_dump), no a través del servidor.',
  },
  'backup.busy': {
    en: 'A backup is being taken already; try again when it ends.',
    es: 'Ya se está haciendo una copia de seguridad; inténtelo de nuevo cuando termine.',
  },
  // Administration
  'admin.email_taken': {
    en: 'A user with this email already exists.',
    es: 'Ya existe un usuario con este correo electrónico.',
  },
  'admin.role_above_own': { en: 'You cannot give a role above your own.', es: 'No puede asignar un rol superior al suyo.' },
  'admin.cannot_delete_self': { en: 'You cannot delete your own user.', es: 'No puede borrar su propio usuario.' },
  'admin.cannot_deactivate_self': { en: 'You cannot deactivate your own user.', es: 'No puede desactivar su propio usuario.' },
  'admin.location_user_role': {
    en: 'A location user has a role from 2 to 5.',
    es: 'Un usuario de ubicación tiene un rol del 2 al 5.',
  },
  'admin.user_not_found': { en: 'User not found.', es: 'Usuario no encontrado.' },
  'admin.company_not_found': { en: 'Company not found.', es: 'Empresa no encontrada.' },
  'admin.mac_taken': {
    en: 'A reader with this MAC address already exists.',
    es: 'Ya existe un lector con esta dirección MAC.',
  },
  'admin.working_mode_locked': {
    en: 'The working mode can only be changed when the reader type is All (1).',
    es: 'El modo de trabajo solo se puede cambiar cuando el tipo de lector es Todos (1).',
  },
  'admin.reader_not_found': { en: 'Reader not found.', es: 'Lector no encontrado.' },
  'admin.printer_not_found': { en: 'Printer not found.', es: 'Impresora no encontrada.' },
  'printing.relabel_not_found': {
    en: 'Relabelling not found: relabelling is not enabled for this company.',
    es: 'Reetiquetado no encontrado: el reetiquetado no está activado para esta empresa.',
  },
  'admin.printer_address_refused': {
    en: "A printer cannot be at this address (this server's own, link-local, multicast or unspecified).",
    es: 'Una impresora no puede estar en esta dirección (la de este servidor, de enlace local, multicast o no especificada).',
  },
  'admin.location_code_taken': {
    en: 'A location with this code already exists.',
    es: 'Ya existe una ubicación con este código.',
  },
  'admin.logo_not_image': {
    en: 'The logo must be a PNG, JPEG, GIF or WebP image.',
    es: 'El logotipo debe ser una imagen PNG, JPEG, GIF o WebP.',
  },
  'admin.logo_too_large': { en: 'The logo may be at most {mb} MiB.', es: 'El logotipo puede tener como máximo {mb} MiB.' },
  'admin.logo_not_found': { en: 'Logo not found.', es: 'Logotipo no encontrado.' },
  'admin.active_flag_admin_only': {
    en: 'Only a company administrator may change the active flag.',
    es: 'Solo un administrador de la empresa puede cambiar el indicador de activo.',
  },
  'admin.location_gln_taken': {
    en: 'Another location of the company already has this GLN.',
    es: 'Otra ubicación de la empresa ya tiene este GLN.',
  },
  'admin.area_gln_extension_taken': {
    en: 'Another area of this location already has this GLN extension.',
    es: 'Otra zona de esta ubicación ya tiene esta extensión de GLN.',
  },
  'admin.area_not_found': { en: 'Area not found.', es: 'Zona no encontrada.' },
  'admin.reader_changed': {
    en: 'Someone else changed this reader while you were editing it; nothing was saved. Reload it to see their changes.',
    es: 'Otra persona ha cambiado este lector mientras usted lo editaba; no se ha guardado nada. Recárguelo para ver sus cambios.',
  },
  'admin.printer_changed': {
    en: 'Someone else changed this printer while you were editing it; nothing was saved. Reload it to see their changes.',
    es: 'Otra persona ha cambiado esta impresora mientras usted la editaba; no se ha guardado nada. Recárguela para ver sus cambios.',
  },
  'admin.location_changed': {
    en: 'Someone else changed this location while you were editing it; nothing was saved. Reload it to see their changes.',
    es: 'Otra persona ha cambiado esta ubicación mientras usted la editaba; no se ha guardado nada. Recárguela para ver sus cambios.',
  },
  'admin.area_changed': {
    en: 'Someone else changed this area while you were editing it; nothing was saved. Reload it to see their changes.',
    es: 'Otra persona ha cambiado esta zona mientras usted la editaba; no se ha guardado nada. Recárguela para ver sus cambios.',
  },
  'admin.user_changed': {
    en: 'Someone else changed this user while you were editing it; nothing was saved. Reload it to see their changes.',
    es: 'Otra persona ha cambiado este usuario mientras usted lo editaba; no se ha guardado nada. Recárguelo para ver sus cambios.',
  },
  'location.not_found': { en: 'Location not found.', es: 'Ubicación no encontrada.' },
  // Replenishment (issue 26)
  'replenishment.gtin_not_in_store': {
    en: 'The store holds no unit of this GTIN.',
    es: 'La tienda no tiene ninguna unidad de este GTIN.',
  },
  'replenishment.target_not_found': { en: 'Floor target not found.', es: 'Objetivo de sala no encontrado.' },
  'replenishment.gtin_format': { en: 'A GTIN is 8 to 14 digits.', es: 'Un GTIN tiene de 8 a 14 dígitos.' },
  'replenishment.section_text': { en: 'A section is a text.', es: 'Una sección es un texto.' },
  'replenishment.section_required': { en: 'Name the section.', es: 'Indique la sección.' },
  'replenishment.gtin_or_section': {
    en: 'A target is for a GTIN or a section, not both.',
    es: 'Un objetivo es de un GTIN o de una sección, no de ambos.',
  },
  'replenishment.target_range': {
    en: 'A target is a whole number from 0 to {max}.',
    es: 'Un objetivo es un número entero de 0 a {max}.',
  },
  'replenishment.quantity_range': {
    en: 'A quantity is a whole number from 1 to {max}.',
    es: 'Una cantidad es un número entero de 1 a {max}.',
  },
  'replenishment.pick_status': { en: 'The status is picked or skipped.', es: 'El estado es recogido u omitido.' },
  'replenishment.pick_id_taken': {
    en: 'This pick id was already used for another pick.',
    es: 'Este id de recogida ya se usó para otra recogida.',
  },
  'brand.not_found': { en: 'Brand not found.', es: 'Marca no encontrada.' },
  // Catalogue
  'catalog.gtin_not_found': { en: 'GTIN not found.', es: 'GTIN no encontrado.' },
  'catalog.invalid_check_digit': { en: 'Invalid GTIN check digit.', es: 'Dígito de control del GTIN no válido.' },
  'catalog.gtin_taken': { en: 'A GTIN with this code already exists.', es: 'Ya existe un GTIN con este código.' },
  'catalog.unknown_gtin': { en: 'Unknown GTIN.', es: 'GTIN desconocido.' },
  'catalog.gtin_missing': { en: 'GTIN {gtin} does not exist.', es: 'El GTIN {gtin} no existe.' },
  // Catalogue import (issue 27): the upload's refusals, the rejected records' reasons, the report's columns.
  'catalogue.not_found': { en: 'Catalogue import not found.', es: 'Importación de catálogo no encontrada.' },
  'catalogue.send_multipart': {
    en: 'Send the file as multipart/form-data in the field "file".',
    es: 'Envíe el archivo como multipart/form-data en el campo "file".',
  },
  'catalogue.empty': { en: 'The file is empty.', es: 'El archivo está vacío.' },
  'catalogue.not_text': {
    en: 'The file is not a text file: send a CSV or a JSON Lines file.',
    es: 'El archivo no es de texto: envíe un CSV o un archivo JSON Lines.',
  },
  'catalogue.missing_columns': {
    en: 'The header row has no column for: {columns}. Name the columns in the first row (gtin, description, price …).',
    es: 'La fila de cabecera no tiene columna para: {columns}. Nombre las columnas en la primera fila (gtin, descripcion, precio …).',
  },
  'catalogue.not_json_lines': {
    en: 'The file is neither a CSV with a header row nor JSON Lines (one JSON object per line).',
    es: 'El archivo no es un CSV con fila de cabecera ni JSON Lines (un objeto JSON por línea).',
  },
  'catalogue.no_rows': { en: 'The file has no rows to import.', es: 'El archivo no tiene filas que importar.' },
  'catalogue.failed': {
    en: 'The import stopped after several attempts; the rows imported before stay imported.',
    es: 'La importación se detuvo tras varios intentos; las filas importadas antes se mantienen.',
  },
  'catalogue.required': { en: '{field} is required.', es: '{field} es obligatorio.' },
  'catalogue.invalid_gtin': {
    en: 'Invalid GTIN: it needs 8, 12, 13 or 14 digits and a correct check digit.',
    es: 'GTIN no válido: necesita 8, 12, 13 o 14 dígitos y un dígito de control correcto.',
  },
  'catalogue.not_a_number': { en: '{field} is not a valid number.', es: '{field} no es un número válido.' },
  'catalogue.not_whole_number': { en: '{field} is not a whole number.', es: '{field} no es un número entero.' },
  'catalogue.too_long': {
    en: '{field} has more than {max} characters.',
    es: '{field} tiene más de {max} caracteres.',
  },
  'catalogue.field_not_text': { en: '{field} is not a text.', es: '{field} no es un texto.' },
  'catalogue.unknown_brand': { en: 'Unknown brand: {brand}.', es: 'Marca desconocida: {brand}.' },
  'catalogue.bad_list': {
    en: '{field} must be written as country:value pairs, e.g. ES:29.95|FR:31.00.',
    es: '{field} debe escribirse como pares país:valor, p. ej. ES:29.95|FR:31.00.',
  },
  'catalogue.bad_json': { en: 'The line is not a JSON object.', es: 'La línea no es un objeto JSON.' },
  'catalogue.bad_csv_record': {
    en: 'The line is not valid CSV: {detail}',
    es: 'La línea no es CSV válido: {detail}',
  },
  'catalogue.field_count': {
    en: 'The line has {found} fields; the header has {expected}.',
    es: 'La línea tiene {found} campos; la cabecera tiene {expected}.',
  },
  'catalogue.duplicate': {
    en: 'The same GTIN is on line {line}, which was imported instead.',
    es: 'El mismo GTIN está en la línea {line}, que se importó en su lugar.',
  },
  'catalogue.report_line': { en: 'line', es: 'línea' },
  'catalogue.report_gtin': { en: 'GTIN', es: 'código GTIN' },
  'catalogue.report_reason': { en: 'reason', es: 'motivo' },
  // Orders, boxes, receptions, returns
  'orders.order_not_found': { en: 'Order not found.', es: 'Orden no encontrada.' },
  'orders.box_not_found': { en: 'Box not found.', es: 'Caja no encontrada.' },
  'orders.gtin_not_in_order': { en: 'GTIN not found in this order.', es: 'GTIN no encontrado en esta orden.' },
  'orders.delete_conflict': {
    en: 'Cannot delete the order. Check verifications.',
    es: 'No se puede borrar: revise las verificaciones de esa orden.',
  },
  'orders.box_delete_conflict': {
    en: 'Cannot delete the box. It has been verified.',
    es: 'No se puede borrar la caja. Ya ha sido verificada.',
  },
  'orders.barcode_exists': { en: 'Barcode already exists', es: 'El código de barras ya existe' },
  'orders.idempotency_key_invalid': {
    en: 'The Idempotency-Key header must have 8 to 100 characters.',
    es: 'La cabecera Idempotency-Key debe tener de 8 a 100 caracteres.',
  },
  'orders.idempotency_key_reused': {
    en: 'This Idempotency-Key already created another order ({code}).',
    es: 'Esta Idempotency-Key ya creó otra orden ({code}).',
  },
  'orders.box_barcode_exists': {
    en: 'Barcode {codebar} already exists.',
    es: 'El código de barras {codebar} ya existe.',
  },
  'orders.provider_not_found': { en: 'Provider not found.', es: 'Proveedor no encontrado.' },
  'orders.return_not_found': { en: 'Return not found.', es: 'Devolución no encontrada.' },
  'orders.reception_not_found': { en: 'Reception not found.', es: 'Recepción no encontrada.' },
  'orders.verification_not_found': { en: 'Verification not found.', es: 'Verificación no encontrada.' },
  // EPCIS query interface, named queries and subscriptions (issue 27)
  'epcis.query_parameter': {
    en: 'Query parameter {parameter}: {problem}.',
    es: 'Parámetro de consulta {parameter}: {problem}.',
  },
  'epcis.query_too_large': {
    en: 'The query matches more than {max} events (maxEventCount).',
    es: 'La consulta encuentra más de {max} eventos (maxEventCount).',
  },
  'epcis.version_not_supported': {
    en: 'EPCIS version {version} is not supported: this server speaks 2.0.0.',
    es: 'La versión de EPCIS {version} no está soportada: este servidor habla 2.0.0.',
  },
  'epcis.not_acceptable': {
    en: 'This server answers JSON or JSON-LD only (Accept).',
    es: 'Este servidor solo responde JSON o JSON-LD (Accept).',
  },
  'epcis.unsupported_media_type': {
    en: 'Send the body as application/json or application/ld+json.',
    es: 'Envíe el cuerpo como application/json o application/ld+json.',
  },
  'epcis.query_name_taken': {
    en: 'A query named {name} exists already.',
    es: 'Ya existe una consulta llamada {name}.',
  },
  'epcis.query_not_found': { en: 'Named query not found.', es: 'Consulta con nombre no encontrada.' },
  'epcis.subscription_not_found': { en: 'Subscription not found.', es: 'Suscripción no encontrada.' },
  'epcis.query_name_chars': { en: 'Letters, digits and _ . ~ - only.', es: 'Solo letras, dígitos y _ . ~ -.' },
  'epcis.schedule_field': {
    en: 'Numbers or [a-b] ranges, separated by commas.',
    es: 'Números o rangos [a-b], separados por comas.',
  },
  'epcis.stream_or_schedule': { en: 'Either stream: true or a schedule.', es: 'O bien stream: true o bien un horario.' },
  'epcis.dest_url': { en: 'An http(s) URL is required.', es: 'Se necesita una URL http(s).' },
  // GS1 EPCIS 2.0 (modules/epcis)
  'epcis.invalid_document': {
    en: 'The document is not a valid EPCIS 2.0 document (EPCIS JSON Schema).',
    es: 'El documento no es un documento EPCIS 2.0 válido (esquema JSON de EPCIS).',
  },
  'epcis.not_an_event': {
    en: 'The body is not an EPCIS event.',
    es: 'El cuerpo no es un evento EPCIS.',
  },
  'epcis.event_not_found': { en: 'EPCIS event not found.', es: 'Evento EPCIS no encontrado.' },
  'epcis.capture_not_found': { en: 'Capture job not found.', es: 'Trabajo de captura no encontrado.' },
  'epcis.bad_page_token': { en: 'Invalid nextPageToken.', es: 'nextPageToken no válido.' },
  'epcis.desadv_order_not_found': {
    en: 'The dispatch advice names purchase order {code}, which does not exist.',
    es: 'El aviso de expedición menciona la orden de compra {code}, que no existe.',
  },
  // EPCIS capture: the standard's rules (modules/epcis/capture/capture-rules.ts) and the capture job's report
  'epcis.rule_sensor_report_missing': {
    en: '{field}: a sensorElement must contain at least one sensorReport.',
    es: '{field}: un sensorElement debe contener al menos un sensorReport.',
  },
  'epcis.rule_time_zone': {
    en: '{field}: the time must be a date-time with a time zone offset.',
    es: '{field}: la hora debe ser una fecha y hora con desplazamiento de zona horaria.',
  },
  'epcis.rule_sensor_time_after_event': {
    en: '{field}: a sensor time must not be after the eventTime.',
    es: '{field}: la hora de un sensor no puede ser posterior a eventTime.',
  },
  'epcis.rule_start_after_end': {
    en: '{field}: startTime must not be after endTime.',
    es: '{field}: startTime no puede ser posterior a endTime.',
  },
  'epcis.rule_sensor_inline_twice': {
    en: '{field}: this attribute is given in both the sensorMetadata and the sensorReport.',
    es: '{field}: este atributo figura a la vez en sensorMetadata y en sensorReport.',
  },
  'epcis.rule_declaration_before_event': {
    en: '{field}: an error cannot be declared before the eventTime.',
    es: '{field}: un error no puede declararse antes de eventTime.',
  },
  'epcis.rule_uom_without_quantity': {
    en: '{field}: a uom needs a quantity.',
    es: '{field}: una uom necesita una cantidad (quantity).',
  },
  'epcis.rule_count_not_integer': {
    en: '{field}: a quantity without uom is a count and must be a whole number.',
    es: '{field}: una cantidad sin uom es un recuento y debe ser un número entero.',
  },
  'epcis.rule_disposition_set_and_unset': {
    en: 'persistentDisposition: {value} is both set and unset.',
    es: 'persistentDisposition: {value} se fija y se quita a la vez.',
  },
  'epcis.rule_parent_required': {
    en: 'An AggregationEvent with action {action} must name its parentID.',
    es: 'Un AggregationEvent con acción {action} debe indicar su parentID.',
  },
  'epcis.rule_transformation_io': {
    en: 'A TransformationEvent without transformationID needs at least one input and one output.',
    es: 'Un TransformationEvent sin transformationID necesita al menos una entrada y una salida.',
  },
  'epcis.capture_duplicate': {
    en: 'An event with this eventID is stored already: this one was left out.',
    es: 'Ya hay un evento guardado con este eventID: este se ha descartado.',
  },
  'epcis.capture_duplicate_in_document': {
    en: 'The document has this eventID already (event {index}): this one was left out.',
    es: 'El documento ya contiene este eventID (evento {index}): este se ha descartado.',
  },
  'epcis.capture_rolled_back': {
    en: 'Not stored: the capture was rolled back because other events were refused.',
    es: 'No guardado: la captura se ha revertido porque otros eventos fueron rechazados.',
  },
  'epcis.capture_storage_failed': {
    en: 'The events could not be stored; nothing was captured. Try again.',
    es: 'No se han podido guardar los eventos; no se ha capturado nada. Vuelva a intentarlo.',
  },
  'movements.destination_same': {
    en: 'The destination must differ from the origin.',
    es: 'El destino debe ser distinto del origen.',
  },
  'movements.cancel_conflict': {
    en: 'The order could not be canceled; check whether it has been verified already.',
    es: 'No se pudo cancelar la orden, revise si la orden ya ha sido verificada.',
  },
  'pos.sale_not_found': { en: 'Sale not found.', es: 'Venta no encontrada.' },
  // Exit alarms (issue 26)
  'exit.alarm_not_found': { en: 'Exit alarm not found.', es: 'Alarma de salida no encontrada.' },
  'audit.action_choice': {
    en: 'Choose create, update, delete or action.',
    es: 'Elija create, update, delete o action.',
  },
  'exit.status_choice': {
    en: 'Choose open, false_alarm, recovered or lost.',
    es: 'Elija open, false_alarm, recovered o lost.',
  },
  'exit.resolution_choice': {
    en: 'Choose false_alarm, recovered or lost.',
    es: 'Elija false_alarm, recovered o lost.',
  },
  'exit.alarm_resolved': {
    en: 'This exit alarm has already been resolved.',
    es: 'Esta alarma de salida ya se ha resuelto.',
  },
  // Outbound webhooks (issue 27)
  'webhooks.not_found': { en: 'Webhook endpoint not found.', es: 'Webhook no encontrado.' },
  'webhooks.delivery_not_found': {
    en: 'Failed delivery not found: only a failed delivery of this endpoint can be sent again.',
    es: 'Entrega fallida no encontrada: solo se puede reenviar una entrega fallida de este webhook.',
  },
  'webhooks.url': {
    en: 'Enter an http:// or https:// address without user or password.',
    es: 'Introduzca una dirección http:// o https:// sin usuario ni contraseña.',
  },
  'webhooks.address_refused': {
    en: 'This address is on this server or a private network: webhooks go to public addresses only.',
    es: 'Esta dirección está en este servidor o en una red privada: los webhooks solo van a direcciones públicas.',
  },
  'webhooks.event_types': { en: 'Choose at least one event type.', es: 'Elija al menos un tipo de evento.' },
  'webhooks.unknown_event_type': { en: 'Unknown event type.', es: 'Tipo de evento desconocido.' },
  'webhooks.location_ids': { en: 'Choose locations of your company.', es: 'Elija tiendas de su empresa.' },
  'webhooks.location_ids_empty': {
    en: 'Choose at least one location, or none for all.',
    es: 'Elija al menos una tienda, o ninguna para todas.',
  },
  'webhooks.state_choice': { en: 'Choose pending, succeeded or failed.', es: 'Elija pending, succeeded o failed.' },
  'webhooks.disabled_by_user': { en: 'Disabled by a user.', es: 'Desactivado por un usuario.' },
  // Stock and inventories
  'stock.minimum_not_found': { en: 'Minimum stock not found.', es: 'Stock mínimo no encontrado.' },
  'stock.minimum_gtin_fixed': {
    en: 'The GTIN of a minimum stock cannot change.',
    es: 'El GTIN de un stock mínimo no puede cambiar.',
  },
  'stock.minimum_taken': {
    en: 'This GTIN already has a minimum stock in that area.',
    es: 'Este GTIN ya tiene un stock mínimo en esa zona.',
  },
  'stock.file_row': { en: 'Row {row}: {message}', es: 'Fila {row}: {message}' },
  'stock.file_not_csv': { en: 'The file is not a valid CSV.', es: 'El archivo no es un CSV válido.' },
  'stock.file_no_rows': { en: 'The file has no rows.', es: 'El archivo no tiene filas.' },
  'stock.file_header': {
    en: 'The first row must name a gtin and a quantity column.',
    es: 'La primera fila debe nombrar una columna gtin y una columna quantity.',
  },
  'stock.file_max_rows': { en: 'At most {max} rows.', es: 'Como máximo {max} filas.' },
  'stock.file_gtin_missing': { en: 'the GTIN is missing.', es: 'falta el GTIN.' },
  'stock.file_gtin_invalid': { en: "'{value}' is not a valid GTIN.", es: "'{value}' no es un GTIN válido." },
  'stock.file_quantity_missing': { en: 'the quantity is missing.', es: 'falta la cantidad.' },
  'stock.file_quantity_invalid': {
    en: "the quantity '{value}' is not a whole number of 0 or more.",
    es: "la cantidad '{value}' no es un número entero igual o mayor que 0.",
  },
  'stock.file_gtin_unknown': { en: 'GTIN {gtin} is not in the catalog.', es: 'El GTIN {gtin} no está en el catálogo.' },
  'inventory.not_found': { en: 'Inventory not found.', es: 'Inventario no encontrado.' },
  'inventory.handheld_area_not_here': { en: 'This area is not one of the location.', es: 'Esta zona no es de la ubicación.' },
  'inventory.handheld_none_in_area': {
    en: 'This area has no handheld reader: add one in Devices to count it.',
    es: 'Esta zona no tiene lector de mano: añada uno en Dispositivos para contarla.',
  },
  'verification.handheld_codebar_required': {
    en: 'Enter the box barcode.',
    es: 'Introduzca el código de barras de la caja.',
  },
  'verification.handheld_box_not_waiting': {
    en: 'No box waiting at this store has this barcode (unknown, of another store, or of a closed or canceled order).',
    es: 'Ninguna caja pendiente en esta tienda tiene este código de barras (desconocido, de otra tienda o de un pedido cerrado o cancelado).',
  },
  'verification.handheld_no_receiving_reader': {
    en: 'This store has no receiving reader (working mode Entry or Movement): add one in Devices to receive boxes.',
    es: 'Esta tienda no tiene lector de recepción (modo Entrada o Movimiento): añada uno en Dispositivos para recibir cajas.',
  },
  'inventory.select_area': { en: 'Please select area', es: 'Seleccione la zona' },
  'inventory.area_busy': {
    en: 'This area already has an inventory in progress: validate or cancel it first.',
    es: 'Esta zona ya tiene un inventario en curso: valídelo o cancélelo primero.',
  },
  'inventory.validate_only_pending': {
    en: 'Only a pending inventory can be validated.',
    es: 'Solo se puede validar un inventario pendiente.',
  },
  'inventory.cancel_only_open': {
    en: 'Only a pending or computing inventory can be canceled.',
    es: 'Solo se puede cancelar un inventario pendiente o en cálculo.',
  },
  'inventory.nothing_read': {
    en: 'Nothing has been read in this inventory yet: cancel it instead.',
    es: 'Todavía no se ha leído nada en este inventario: cancélelo.',
  },
  'jobs.task_not_found': { en: 'Task not found.', es: 'Tarea no encontrada.' },
  'jobs.file_not_ready': {
    en: 'The file has not been created yet: start its creation first.',
    es: 'El archivo todavía no se ha creado: inicie primero su creación.',
  },
  // Statistics
  'stats.chart_days': {
    en: 'A chart by days spans at most {max} days.',
    es: 'Un gráfico por días abarca como máximo {max} días.',
  },
  'stats.chart_months': {
    en: 'A chart by months spans at most {max} months.',
    es: 'Un gráfico por meses abarca como máximo {max} meses.',
  },
  'stats.chart_years': {
    en: 'A chart by years spans at most {max} years.',
    es: 'Un gráfico por años abarca como máximo {max} años.',
  },
  // Tracking and readers' data
  'scan.digital_link_invalid': {
    en: 'This is not a valid GS1 Digital Link URI (uncompressed, e.g. https://id.gs1.org/01/<GTIN>/21/<serial>, with right check digits).',
    es: 'No es un URI GS1 Digital Link válido (sin comprimir, p. ej. https://id.gs1.org/01/<GTIN>/21/<serie>, con dígitos de control correctos).',
  },
  'scan.digital_link_no_serial': {
    en: 'The GS1 Digital Link has no serial number (/21/…): it names a product, not one item.',
    es: 'El GS1 Digital Link no tiene número de serie (/21/…): nombra un producto, no un artículo.',
  },
  'tracking.item_not_found': { en: 'Item not found.', es: 'Artículo no encontrado.' },
  'tracking.set_not_found': { en: 'Reading set not found.', es: 'Conjunto de lecturas no encontrado.' },
  'ingest.invalid_device_key': { en: 'Invalid device key.', es: 'Clave de dispositivo no válida.' },
  'ingest.device_key_required': {
    en: 'Device key required (Authorization: Device <key>, or Basic with the reader serial or MAC and its key).',
    es: 'Se requiere la clave del dispositivo (Authorization: Device <clave>, o Basic con el número de serie o la MAC del lector y su clave).',
  },
  'ingest.one_json_event': { en: 'Each line must be one JSON event.', es: 'Cada línea debe ser un evento JSON.' },
  'ingest.sets_elsewhere': {
    en: 'Reading sets go to /api/readingsets/.',
    es: 'Los conjuntos de lecturas se envían a /api/readingsets/.',
  },
  'ingest.event_rejected': { en: 'event {index}: {reason}', es: 'evento {index}: {reason}' },
  'ingest.set_id_taken': {
    en: 'This reading set id is already used by another reader: send this set with a new id.',
    es: 'Otro lector ya usa este id de conjunto de lecturas: envíe este conjunto con un id nuevo.',
  },
  'ingest.device_mismatch': {
    en: "The set's device does not match the device key.",
    es: 'El dispositivo del conjunto no coincide con la clave del dispositivo.',
  },
  // Network management
  'nms.unavailable': {
    en: 'Nms is not available, contact support.',
    es: 'El servicio NMS no está disponible, contacte con soporte.',
  },
  'nms.application_not_found': { en: 'Application not found.', es: 'Aplicación no encontrada.' },
  'nms.device_not_found': { en: 'Device not found.', es: 'Dispositivo no encontrado.' },
  'nms.unknown_application': { en: 'Unknown application.', es: 'Aplicación desconocida.' },
  'nms.already_installed': {
    en: 'The application is already installed on this reader.',
    es: 'La aplicación ya está instalada en este lector.',
  },
  'nms.other_device': {
    en: 'The application belongs to another device.',
    es: 'La aplicación pertenece a otro dispositivo.',
  },
  // Support
  'support.screenshot_too_large': {
    en: 'The screenshot may be at most {mb} MB.',
    es: 'La captura de pantalla puede tener como máximo {mb} MB.',
  },
  'support.screenshot_not_image': {
    en: 'The screenshot must be a PNG, JPEG, GIF or WebP image.',
    es: 'La captura de pantalla debe ser una imagen PNG, JPEG, GIF o WebP.',
  },
  'support.ticket_not_found': { en: 'Ticket not found.', es: 'Ticket no encontrado.' },
  'support.no_screenshot': { en: 'The ticket has no screenshot.', es: 'El ticket no tiene captura de pantalla.' },
  'support.send_multipart': {
    en: 'Send the ticket as multipart/form-data (email, topic, description and the image).',
    es: 'Envíe el ticket como multipart/form-data (email, topic, description y la imagen).',
  },
  // Printing and stickers
  'print.order_not_found': { en: 'Print order not found.', es: 'Orden de impresión no encontrada.' },
  'print.tag_format_not_found': { en: 'Tag format not found.', es: 'Formato de etiqueta no encontrado.' },
  'print.tag_type_not_found': { en: 'Tag type not found.', es: 'Tipo de etiqueta no encontrado.' },
  'print.missing_gtin': {
    en: 'The order could not be created. One of the items does not exist.',
    es: 'No se ha podido crear la orden. Uno de los artículos no existe.',
  },
  'print.max_labels_this': {
    en: 'A print order has at most {max} labels (this one {total}).',
    es: 'Una orden de impresión tiene como máximo {max} etiquetas (esta, {total}).',
  },
  'print.max_labels': {
    en: 'A print order has at most {max} labels.',
    es: 'Una orden de impresión tiene como máximo {max} etiquetas.',
  },
  'print.no_labels': { en: 'The print order has no labels.', es: 'La orden de impresión no tiene etiquetas.' },
  'print.all_printed': {
    en: 'Every label of this order is printed already.',
    es: 'Todas las etiquetas de esta orden ya están impresas.',
  },
  'print.range_printed': {
    en: 'Every label of this range is printed or voided already.',
    es: 'Todas las etiquetas de este rango ya están impresas o anuladas.',
  },
  'print.range_min': { en: 'Min {min}', es: 'Mín. {min}' },
  'print.range_max': { en: 'Max {max}', es: 'Máx. {max}' },
  'print.printing_already': { en: 'The order is being printed already.', es: 'La orden ya se está imprimiendo.' },
  'print.finishing_job': {
    en: 'The order is still finishing its last job; try again in a moment.',
    es: 'La orden todavía está terminando su último trabajo; inténtelo de nuevo en un momento.',
  },
  'print.select_orders': { en: 'Select at least one order.', es: 'Seleccione al menos un pedido.' },
  'print.max_orders': {
    en: 'At most {max} orders in one print order.',
    es: 'Como máximo {max} pedidos en una orden de impresión.',
  },
  'print.orders_not_found': { en: 'Orders not found: {ids}.', es: 'Pedidos no encontrados: {ids}.' },
  'print.nothing_expected': {
    en: 'There are no expected items to print.',
    es: 'No hay artículos esperados que imprimir.',
  },
  'print.no_tag_format': {
    en: 'The company has no tag format to print with.',
    es: 'La empresa no tiene ningún formato de etiqueta con el que imprimir.',
  },
  'print.file_no_rows': { en: 'The file has no GTIN and quantity rows.', es: 'El archivo no tiene filas de GTIN y cantidad.' },
  'print.csv_not_gtin': { en: "Line {line}: '{value}' is not a GTIN.", es: "Línea {line}: '{value}' no es un GTIN." },
  'print.csv_quantity': {
    en: 'Line {line}: the quantity must be a whole number from 1 to {max}.',
    es: 'Línea {line}: la cantidad debe ser un número entero del 1 al {max}.',
  },
  'print.cancel_only_printing': {
    en: 'Only an order being printed can be canceled.',
    es: 'Solo se puede cancelar una orden que se está imprimiendo.',
  },
  'print.not_upload_code': { en: 'Not a file code of an upload.', es: 'No es un código de archivo de una subida.' },
  'print.file_not_found': { en: 'File not found.', es: 'Archivo no encontrado.' },
  'print.no_printer': { en: 'This printing has no printer.', es: 'Esta impresión no tiene impresora.' },
  'print.has_labels': { en: 'This printing has its labels already.', es: 'Esta impresión ya tiene sus etiquetas.' },
  'print.select_file': { en: 'Please select file', es: 'Seleccione un archivo' },
  'print.csv_only': { en: 'Only .csv files can be uploaded.', es: 'Solo se pueden subir archivos .csv.' },
  'print.select_format': { en: 'Please select a tag format', es: 'Seleccione un formato de etiqueta' },
  'print.only_canceled': {
    en: 'Only {"canceled": true} can be sent.',
    es: 'Solo se puede enviar {"canceled": true}.',
  },
  'print.nicelabel_not_found': { en: 'NiceLabel order not found.', es: 'Orden de NiceLabel no encontrada.' },
  'print.nicelabel_changed': {
    en: 'The NiceLabel order changed meanwhile; try again.',
    es: 'La orden de NiceLabel ha cambiado mientras tanto; inténtelo de nuevo.',
  },
  'print.nicelabel_forward_only': {
    en: 'A NiceLabel order only moves forward: 0 pending, 1 in progress, 2 completed.',
    es: 'Una orden de NiceLabel solo avanza: 0 pendiente, 1 en curso, 2 completada.',
  },
  'print.nicelabel_printing': {
    en: 'Its labels are being printed on a printer; cancel that job first.',
    es: 'Sus etiquetas se están imprimiendo en una impresora; cancele primero ese trabajo.',
  },
  'print.no_voided_labels': {
    en: 'The print order has no voided labels to replace.',
    es: 'La orden de impresión no tiene etiquetas anuladas que reponer.',
  },
  'print.label_id': {
    en: 'A label is named by its id (a whole number).',
    es: 'Una etiqueta se indica por su id (un número entero).',
  },
  'print.label_ids': { en: 'A list of label ids.', es: 'Una lista de ids de etiqueta.' },
  'print.labels_min': {
    en: 'Name at least one label, or leave the list out for every voided label.',
    es: 'Indique al menos una etiqueta, o no envíe la lista para todas las anuladas.',
  },
  'print.labels_max': { en: 'At most {max} labels at a time.', es: 'Como máximo {max} etiquetas a la vez.' },
  'print.labels_not_voided': {
    en: 'Not voided labels of this order: {ids}.',
    es: 'No son etiquetas anuladas de esta orden: {ids}.',
  },
  'print.no_serials_left': {
    en: 'No SGTIN-96 serials are left for GTIN {gtin}.',
    es: 'No quedan números de serie SGTIN-96 para el GTIN {gtin}.',
  },
  'stickers.not_found': { en: 'Sticker not found.', es: 'Pegatina no encontrada.' },
  'stickers.pdf_not_found': { en: 'Sticker PDF not found.', es: 'PDF de pegatinas no encontrado.' },
  'stickers.no_boxes': {
    en: 'The order has no boxes to make stickers for.',
    es: 'La orden no tiene cajas para las que hacer pegatinas.',
  },
  'stickers.unknown_box': {
    en: 'A chosen box is not a box of this order.',
    es: 'Una de las cajas elegidas no es de esta orden.',
  },
  'stickers.too_many': {
    en: 'A sticker request has at most {max} boxes.',
    es: 'Una petición de pegatinas tiene como máximo {max} cajas.',
  },
  // The contract's field messages (Zod schemas in packages/contract), found by their English text
  'field.required': { en: 'required', es: 'obligatorio' },
  'field.required_capital': { en: 'Required', es: 'Obligatorio' },
  'field.field_required': { en: 'Field is required', es: 'El campo es obligatorio' },
  'field.not_blank': { en: 'This field may not be blank.', es: 'Este campo no puede estar vacío.' },
  'field.at_most_chars': { en: 'At most {max} characters.', es: 'Como máximo {max} caracteres.' },
  'field.no_more_chars': {
    en: 'Ensure this field has no more than {max} characters.',
    es: 'Asegúrese de que este campo no tiene más de {max} caracteres.',
  },
  'field.number_only': { en: 'Enter Number only', es: 'Introduzca solo números' },
  'field.valid_number': { en: 'A valid number is required.', es: 'Se requiere un número válido.' },
  'field.email': { en: 'Enter a valid email address.', es: 'Introduzca un correo electrónico válido.' },
  'field.ip': { en: 'Enter a valid IP address.', es: 'Introduzca una dirección IP válida.' },
  'field.port': { en: 'Enter a valid port (1-65535).', es: 'Introduzca un puerto válido (1-65535).' },
  'field.mac_empty': { en: "MAC address can't be empty", es: 'La dirección MAC no puede estar vacía' },
  'field.mac': {
    en: 'Enter a valid MAC address (six hex pairs, e.g. 84:24:8D:00:00:01).',
    es: 'Introduzca una dirección MAC válida (seis pares hexadecimales, p. ej. 84:24:8D:00:00:01).',
  },
  'field.serial': {
    en: "Enter a valid serial number (up to 64 letters, digits, '.', '_' or '-').",
    es: "Introduzca un número de serie válido (hasta 64 letras, números, '.', '_' o '-').",
  },
  'field.serial_required': { en: 'Please enter serial number', es: 'Introduzca el número de serie' },
  'field.llrp_host_required': {
    en: "Enter the reader's host name or IP address (needed for LLRP).",
    es: 'Introduzca el nombre de host o la IP del lector (necesario para LLRP).',
  },
  'field.host': { en: 'Enter a valid host name or IP address.', es: 'Introduzca un nombre de host o una IP válidos.' },
  'field.antennas': {
    en: 'Antennas are distinct numbers from 1 to 32.',
    es: 'Las antenas son números distintos del 1 al 32.',
  },
  'field.power': {
    en: "The transmit power is from 10 to 33 dBm (empty: the reader's own).",
    es: 'La potencia de transmisión va de 10 a 33 dBm (vacío: la del propio lector).',
  },
  'field.connection': {
    en: 'Select how the reader connects (push or LLRP).',
    es: 'Elija cómo se conecta el lector (push o LLRP).',
  },
  'field.working_mode': { en: 'Select a working mode.', es: 'Seleccione un modo de trabajo.' },
  'field.reader_type': { en: 'Select a reader type.', es: 'Seleccione un tipo de lector.' },
  'field.ip_required': { en: 'Please enter IP Address', es: 'Introduzca la dirección IP' },
  'field.service_port': { en: 'Please enter Service Port', es: 'Introduzca el puerto de servicio' },
  'field.resolution': { en: 'The resolution is 203, 300 or 600 dpi.', es: 'La resolución es 203, 300 o 600 ppp.' },
  'field.password_required': { en: 'Please enter the password', es: 'Introduzca la contraseña' },
  'field.password_rule': {
    en: 'The password must have 8 to 128 characters (any characters, spaces included).',
    es: 'La contraseña debe tener entre 8 y 128 caracteres (cualquier carácter, espacios incluidos).',
  },
  'field.totp_code': { en: 'Enter the 6-digit code.', es: 'Introduzca el código de 6 dígitos.' },
  'field.recovery_code': { en: 'Enter a recovery code.', es: 'Introduzca un código de recuperación.' },
  'field.mfa_code_or_recovery': {
    en: 'Enter the 6-digit code or a recovery code.',
    es: 'Introduzca el código de 6 dígitos o un código de recuperación.',
  },
  'field.password_or_code': { en: 'Enter your password or a code.', es: 'Introduzca su contraseña o un código.' },
  'field.email_required': { en: 'Please enter the email', es: 'Introduzca el correo electrónico' },
  'field.editor': { en: 'Please select Editor option', es: 'Seleccione la opción de editor' },
  'field.distribution_center': { en: 'Please select the distribution center', es: 'Seleccione el centro de distribución' },
  'field.distribution_center_short': { en: 'Please select distribution center', es: 'Seleccione el centro de distribución' },
  'field.company': { en: 'Please select a company for the user', es: 'Seleccione una empresa para el usuario' },
  'field.first_name': { en: 'Please enter the first name', es: 'Introduzca el nombre' },
  'field.last_name': { en: 'Please enter the last name', es: 'Introduzca los apellidos' },
  'field.gln': {
    en: 'Enter a valid GLN: 13 digits, the last one its GS1 check digit.',
    es: 'Introduzca un GLN válido: 13 dígitos, el último su dígito de control GS1.',
  },
  'field.gln_extension': {
    en: 'Enter a valid GLN extension: 1 to 20 letters, digits or GS1 symbols.',
    es: 'Introduzca una extensión de GLN válida: de 1 a 20 letras, dígitos o símbolos GS1.',
  },
  'field.name': { en: 'Please enter the name', es: 'Introduzca el nombre' },
  'field.code': { en: 'Please enter the code', es: 'Introduzca el código' },
  'field.street': { en: 'Please enter the street name', es: 'Introduzca la calle' },
  'field.street_number': { en: 'Please enter the street number', es: 'Introduzca el número' },
  'field.city': { en: 'Please enter the city', es: 'Introduzca la ciudad' },
  'field.postal_code': { en: 'Please enter the postal code', es: 'Introduzca el código postal' },
  'field.country': { en: 'Please select the country', es: 'Seleccione el país' },
  'field.brand': { en: 'Please select the brand', es: 'Seleccione la marca' },
  'field.stock': { en: 'Please enter stock', es: 'Introduzca el stock' },
  'field.description_empty': { en: "Description can't be empty", es: 'La descripción no puede estar vacía' },
  'field.area_empty': { en: "Area can't be empty", es: 'La zona no puede estar vacía' },
  'field.version': { en: 'Please enter the version', es: 'Introduzca la versión' },
  'field.reference': { en: 'Please enter the reference', es: 'Introduzca la referencia' },
  'field.description': { en: 'Please enter the description', es: 'Introduzca la descripción' },
  'field.zpl': { en: 'Please enter the ZPL template', es: 'Introduzca la plantilla ZPL' },
  'field.digital_link_qr': {
    en: 'digital_link_qr must be true or false (whether the labels carry the GS1 Digital Link QR code).',
    es: 'digital_link_qr debe ser true o false (si las etiquetas llevan el código QR GS1 Digital Link).',
  },
  'field.zpl_shape': {
    en: 'The template must start with ^XA and end with ^XZ.',
    es: 'La plantilla debe empezar por ^XA y terminar por ^XZ.',
  },
  'field.gtin_required': { en: 'Please enter a GTIN', es: 'Introduzca un GTIN' },
  'field.gtin_select': { en: 'Please select a GTIN', es: 'Seleccione un GTIN' },
  'field.gtin_length': { en: 'A GTIN has 8, 12, 13 or 14 digits.', es: 'Un GTIN tiene 8, 12, 13 o 14 dígitos.' },
  'field.gtin_one': { en: 'Add at least one GTIN.', es: 'Añada al menos un GTIN.' },
  'field.box_one': { en: 'Add at least one box.', es: 'Añada al menos una caja.' },
  'field.barcode_repeated': { en: 'Barcode repeated in this order.', es: 'Código de barras repetido en esta orden.' },
  'field.gtins_max': { en: 'At most {max} GTINs.', es: 'Como máximo {max} GTIN.' },
  'field.quantity_min': { en: 'The quantity must be at least 1.', es: 'La cantidad debe ser al menos 1.' },
  'field.quantity_max': { en: 'The quantity must be at most {max}.', es: 'La cantidad debe ser como máximo {max}.' },
  'field.rows_max': { en: 'At most {max} rows.', es: 'Como máximo {max} filas.' },
  'field.select_printer': { en: 'Please select a printer', es: 'Seleccione una impresora' },
  'field.select_tag_type': { en: 'Please select a tag type', es: 'Seleccione un tipo de etiqueta' },
  'field.select_print_order': { en: 'Please select a print order', es: 'Seleccione una orden de impresión' },
  'field.select_printing': { en: 'Please select a printing', es: 'Seleccione una impresión' },
  'field.select_order': { en: 'Please select an order', es: 'Seleccione una orden' },
  'field.from_required': { en: 'The FROM date is required', es: 'La fecha DESDE es obligatoria' },
  'field.to_required': { en: 'The TO date is required', es: 'La fecha HASTA es obligatoria' },
  'field.time_zone': {
    en: 'Enter a valid IANA time zone (e.g. Europe/Madrid).',
    es: 'Introduzca una zona horaria IANA válida (p. ej. Europe/Madrid).',
  },
  'field.end_before_start': { en: 'end_time is before start_time.', es: 'end_time es anterior a start_time.' },
  'field.inventory_state': {
    en: 'state must be 2 (validate) or 3 (cancel).',
    es: 'state debe ser 2 (validar) o 3 (cancelar).',
  },
  'field.nicelabel_status': {
    en: 'The status is 0 (pending), 1 (in progress) or 2 (completed).',
    es: 'El estado es 0 (pendiente), 1 (en curso) o 2 (completada).',
  },
  'field.topic_length': {
    en: 'The topic must have {min} to {max} characters.',
    es: 'El asunto debe tener de {min} a {max} caracteres.',
  },
  'field.epcs_or_reads': { en: 'Send epcs or reads.', es: 'Envíe epcs o reads.' },
  'field.epcs_not_both': { en: 'Send epcs or reads, not both.', es: 'Envíe epcs o reads, no ambos.' },
  'field.set_max_epcs': {
    en: 'A reading set has at most {max} EPCs.',
    es: 'Un conjunto de lecturas tiene como máximo {max} EPC.',
  },
  'field.set_max_reads': {
    en: 'A reading set has at most {max} reads.',
    es: 'Un conjunto de lecturas tiene como máximo {max} lecturas.',
  },
  // Zones and shrink (issue 26: modules/admin areas, modules/shrink)
  'field.area_kind': {
    en: 'Select the kind of area: stockroom, sales_floor, fitting_room, exit, dock or other.',
    es: 'Seleccione el tipo de zona: stockroom, sales_floor, fitting_room, exit, dock u other.',
  },
  'field.report_lang': { en: 'Select the language: es or en.', es: 'Seleccione el idioma: es o en.' },
  'field.date_from_after_to': { en: 'date_from is after date_to.', es: 'date_from es posterior a date_to.' },
  'field.period_max_days': {
    en: 'The period spans at most {max} days.',
    es: 'El periodo abarca como máximo {max} días.',
  },
  // The store floor (issue 26): item status, availability, find an item.
  'field.status_reference': { en: 'A reservation needs a reference.', es: 'Una reserva necesita una referencia.' },
  'field.item_status': { en: 'Choose a status from 0 to 4.', es: 'Elija un estado de 0 a 4.' },
  'field.epcs_min': { en: 'Name at least one EPC.', es: 'Indique al menos un EPC.' },
  'field.epcs_max': { en: 'At most {max} EPCs.', es: 'Como máximo {max} EPC.' },
  'field.find_one_of': { en: 'Name one of epc, gtin or model.', es: 'Indique uno de epc, gtin o model.' },
  'availability.items_not_found': {
    en: '{count} EPCs are not items at your locations: {epcs}.',
    es: '{count} EPC no son artículos de sus ubicaciones: {epcs}.',
  },
  // ERP stock and differences, API keys (issue 27)
  'erp.store_missing': { en: 'the store is missing.', es: 'falta la tienda.' },
  'erp.store_unknown': {
    en: "'{value}' is not the code of a location you can see.",
    es: "'{value}' no es el código de una ubicación que pueda ver.",
  },
  'erp.quantity_invalid': {
    en: "the quantity '{value}' is not a whole number.",
    es: "la cantidad '{value}' no es un número entero.",
  },
  'erp.file_header': {
    en: 'The file needs a store, a GTIN and a quantity column (store;gtin;quantity).',
    es: 'El archivo necesita una columna de tienda, una de GTIN y una de cantidad (store;gtin;quantity).',
  },
  'erp.file_no_rows': { en: 'The snapshot has no rows.', es: 'La foto de stock no tiene filas.' },
  'erp.file_not_csv': {
    en: 'The file is not a readable CSV (line {row}).',
    es: 'El archivo no es un CSV legible (línea {row}).',
  },
  'erp.file_required': {
    en: 'Send a CSV file (multipart field "file") or a JSON array of rows.',
    es: 'Envíe un archivo CSV (campo "file" de un formulario multipart) o un array JSON de filas.',
  },
  'erp.nothing_imported': {
    en: 'No row could be imported. Row {row}: {message}',
    es: 'No se pudo importar ninguna fila. Fila {row}: {message}',
  },
  'erp.snapshot_not_found': { en: 'ERP stock snapshot not found.', es: 'Foto de stock del ERP no encontrada.' },
  'keys.not_found': { en: 'API key not found.', es: 'Clave de API no encontrada.' },
  'keys.revoked': { en: 'The API key is revoked already.', es: 'La clave de API ya está revocada.' },
  'keys.invalid': { en: 'Invalid API key.', es: 'Clave de API no válida.' },
  'keys.read_only': {
    en: 'This API key can only read (GET).',
    es: 'Esta clave de API solo puede leer (GET).',
  },
  'keys.user_only': {
    en: 'An API key cannot be used here: sign in as a user.',
    es: 'Aquí no se puede usar una clave de API: inicie sesión como usuario.',
  },
  'keys.access_choice': { en: 'Choose read or write.', es: 'Elija read o write.' },
  'keys.location_ids': { en: 'A list of location ids.', es: 'Una lista de ids de ubicación.' },
  'keys.max_locations': { en: 'At most {max} locations.', es: 'Como máximo {max} ubicaciones.' },
  'erp.true_false': { en: 'Choose true or false.', es: 'Elija true o false.' },
  'erp.store_required': {
    en: 'The store (a location code) is required.',
    es: 'La tienda (un código de ubicación) es obligatoria.',
  },
  'erp.gtin_required': { en: 'The GTIN is required.', es: 'El GTIN es obligatorio.' },
  'erp.quantity_required': { en: 'The quantity is required.', es: 'La cantidad es obligatoria.' },
  'erp.rows_array': {
    en: 'Send an array of rows { store, gtin, quantity }.',
    es: 'Envíe un array de filas { store, gtin, quantity }.',
  },
  'erp.dialect_choice': { en: 'Choose es or plain.', es: 'Elija es o plain.' },
  'erp.format_choice': { en: 'Choose json, csv or xlsx.', es: 'Elija json, csv o xlsx.' },
  'export.format_choice': { en: 'Choose csv or xlsx.', es: 'Elija csv o xlsx.' },
  'erp.gtin_max': { en: 'A GTIN has at most 14 digits.', es: 'Un GTIN tiene como máximo 14 dígitos.' },
  'erp.gtin_digits': { en: 'Enter digits of a GTIN.', es: 'Introduzca dígitos de un GTIN.' },
  'erp.location_id': { en: 'Enter a location id.', es: 'Introduzca un id de ubicación.' },
  'erp.cursor': {
    en: 'Send the next_cursor of the previous answer.',
    es: 'Envíe el next_cursor de la respuesta anterior.',
  },
} as const satisfies Record<string, { en: string; es: string }>;

export type MessageKey = keyof typeof catalogue;
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The `{name}` parameters of a text, as a union of names. */
type ParamNames<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
type ParamsOfKey<K extends MessageKey> = ParamNames<(typeof catalogue)[K]['en']>;
/** The keys whose message takes no parameter: they may be given as the bare key. */
export type PlainKey = { [K in MessageKey]: [ParamsOfKey<K>] extends [never] ? K : never }[MessageKey];
export type ParamValue = string | number | Message;
/** A message to render later, in the reader's language: its key and its parameters (a parameter may be a message). */
export type Message = { readonly key: MessageKey; readonly params?: Readonly<Record<string, ParamValue>> };
/** What the error helpers take: a key without parameters, or `msg(key, params)`. */
export type MessageArg = PlainKey | Message;

/** A message with its parameters, checked against the key's text: `msg('print.max_labels', { max: 500 })`. */
export const msg = <K extends MessageKey>(
  key: K,
  ...params: [ParamsOfKey<K>] extends [never] ? [] : [Record<ParamsOfKey<K>, ParamValue>]
): Message => (params[0] ? { key, params: params[0] } : { key });

/**
 * A text that has no key: a reader-facing reason of the ingest parsers (modules/ingest/stream.ts, English only: readers
 * and their integrators read them, never the web app), passed through as it is.
 */
export const untranslated = (text: string): Message => ({ key: 'common.text', params: { text } });

export const toMessage = (arg: MessageArg): Message => (typeof arg === 'string' ? { key: arg } : arg);

/** The message's text in `language`: parameters filled in (messages among them rendered in the same language). */
export const render = (message: MessageArg, language: Language): string => {
  const { key, params } = toMessage(message);
  const text: string = catalogue[key][language];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? render(value, language) : String(value);
  });
};
