import { ReaderConnection } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { selectFieldsOf, textFieldsOf } from '../shared/admin-form';
import { FullRow } from '../shared/admin-page';
import { errorText } from '../shared/form-helpers';
import { readerTypeOptions, workingModeOptions } from '../shared/modes';
import { AreaSelectField } from '../shared/selects';
import { ReaderLinkPanel } from './reader-link-state';
import type { ReaderFormState } from './use-reader-form';

/** The reader form's fields: serial, MAC, area, type, mode, connection (LLRP's host, port, antennas, power). */
export const ReaderFormFields = ({ state }: { state: ReaderFormState }) => {
  const { t } = useTranslation(['admin', 'common']);
  const { form, isEdit, isAll, isLlrp, reader, area, setArea } = state;
  const { register, control, formState } = form;
  const { errors } = formState;
  const text = textFieldsOf(register, errors);
  const select = selectFieldsOf(control, errors);
  return (
    <>
      {text('serial_number', t('readers.serial'))}
      {text('mac_address', t('readers.mac'), { placeholder: 'AA:BB:CC:DD:EE:FF' })}
      <AreaSelectField control={control} name="locationArea1_id" label={t('readers.area')} area={area} onAreaChange={setArea} />
      {select('reader_type', t('readers.readerType'), readerTypeOptions(t))}
      {/* A new reader starts in any mode; an existing one changes mode only as reader type All (the server's rule). */}
      {select('working_mode', t('readers.workingMode'), workingModeOptions(t), {
        disabled: isEdit && !isAll,
        helperText: !isEdit || isAll ? undefined : t('readers.modeOnlyAll'),
      })}
      {select(
        'connection_type',
        t('readers.llrp.connectionType'),
        [
          { value: ReaderConnection.Push, label: t('readers.llrp.push') },
          { value: ReaderConnection.Llrp, label: t('readers.llrp.llrp') },
        ],
        { helperText: t(isLlrp ? 'readers.llrp.llrpHint' : 'readers.llrp.pushHint') },
      )}
      {isLlrp && text('llrp_host', t('readers.llrp.host'), { placeholder: '192.168.1.50' })}
      {isLlrp && text('llrp_port', t('readers.llrp.port'), { inputMode: 'numeric' })}
      {isLlrp &&
        text('llrp_antennas', t('readers.llrp.antennas'), {
          placeholder: '1, 2, 3, 4',
          helperText: errorText(errors.llrp_antennas) ?? t('readers.llrp.antennasHint'),
        })}
      {isLlrp &&
        text('llrp_power_dbm', t('readers.llrp.power'), {
          inputMode: 'decimal',
          helperText: errorText(errors.llrp_power_dbm) ?? t('readers.llrp.powerHint'),
        })}
      {isEdit && reader.data && reader.data.connection_type === ReaderConnection.Llrp && (
        <FullRow>
          <ReaderLinkPanel reader={reader.data} />
        </FullRow>
      )}
    </>
  );
};
