import { zodResolver } from '@hookform/resolvers/zod';
import { SCREENSHOT_MAX_BYTES, SCREENSHOT_TYPES, TOPIC_MAX_LENGTH, TOPIC_MIN_LENGTH, ticketFieldsSchema } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorStatus, type FormStatus } from '../../components/form-alert';
import { useCurrentLocation } from '../../lib/current-location';
import { roleQueryOptions } from '../auth';
import { useCreateTicket } from './api/create-ticket';

/** The page's fields: the contract's text fields of POST /ticket/ plus the screenshot (the file part). */
const supportFormSchema = ticketFieldsSchema.pick({ email: true, topic: true, description: true }).extend({
  image: z
    .instanceof(File)
    .nullable()
    .refine((file) => !file || (SCREENSHOT_TYPES as readonly string[]).includes(file.type), { message: 'type', abort: true })
    .refine((file) => !file || file.size <= SCREENSHOT_MAX_BYTES, 'size'),
});
type SupportForm = z.input<typeof supportFormSchema>;
type Field = keyof SupportForm;

/** The support form's state: the fields (email first the signed-in user's), their messages, the screenshot and sending. */
export const useSupportForm = () => {
  const { t } = useTranslation('support');
  const identity = useQuery(roleQueryOptions()).data;
  const location = useCurrentLocation();
  const create = useCreateTicket();
  const [status, setStatus] = useState<FormStatus>(null);
  const [fileKey, setFileKey] = useState(0);
  const form = useForm<SupportForm>({
    // Raw: the values are sent as typed (the server trims them); an error stays until the next send.
    resolver: zodResolver(supportFormSchema, undefined, { raw: true }),
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', topic: '', description: '', image: null },
  });
  const { register, handleSubmit, setValue, getFieldState, clearErrors, watch, formState } = form;
  // The signed-in user's email until the user types another.
  const signedInEmail = identity?.email;
  useEffect(() => {
    if (signedInEmail && !getFieldState('email').isDirty) setValue('email', signedInEmail);
  }, [signedInEmail, getFieldState, setValue]);
  const errors = formState.errors;
  /** The page's own message for a field the contract refused. */
  const message = (field: Field): string | undefined => {
    const found = errors[field]?.message;
    if (found === undefined) return undefined;
    if (field === 'email') return t(found === 'required' ? 'errors.emailRequired' : 'errors.emailInvalid');
    if (field === 'topic') return t('errors.topicLength', { min: TOPIC_MIN_LENGTH, max: TOPIC_MAX_LENGTH });
    if (field === 'description') return t('errors.descriptionRequired');
    return t(found === 'type' ? 'errors.imageType' : 'errors.imageSize');
  };
  /** Editing a field clears its error until the next send. */
  const field = (name: Exclude<Field, 'image'>) => register(name, { onChange: () => clearErrors(name) });
  const topicLength = watch('topic').trim().length;
  const screenshot = watch('image');

  const submit = handleSubmit((values) => {
    setStatus(null);
    create.mutate(
      {
        email: values.email,
        topic: values.topic,
        description: values.description,
        screenshot: values.image,
        locationId: location && location.kind !== 'company' ? location.id : null,
      },
      {
        onSuccess: () => {
          setStatus({ kind: 'success', message: t('created') });
          setValue('topic', '');
          setValue('description', '');
          setValue('image', null);
          setFileKey((k) => k + 1);
        },
        onError: (error) => {
          const failed = errorStatus(error, t('common:errors.notCompleted'));
          setStatus(failed);
        },
      },
    );
  });
  const emailError = message('email');
  const topicError = message('topic');
  const descriptionError = message('description');
  const imageError = message('image');

  return {
    form,
    field,
    submit,
    status,
    setStatus,
    fileKey,
    topicLength,
    screenshot,
    emailError,
    topicError,
    descriptionError,
    imageError,
    isSending: create.isPending,
  };
};

export type SupportFormState = ReturnType<typeof useSupportForm>;
