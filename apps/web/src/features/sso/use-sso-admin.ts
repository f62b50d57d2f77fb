import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notifier';
import { useSsoConfig } from './api/get-sso-config';
import { useSaveSsoConfig } from './api/save-sso-config';
import { type Form, toBody, toForm } from './sso-form';

/** The SSO page's state: the stored configuration, the form being edited, the server's field errors and saving. */
export const useSsoAdmin = () => {
  const { t } = useTranslation(['sso', 'shell', 'common']);
  const config = useSsoConfig(true);
  const save = useSaveSsoConfig();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const current = form ?? (config.data ? toForm(config.data) : null);
  const set = (patch: Partial<Form>) => current && setForm({ ...current, ...patch });
  /** The server's messages for a field (and its entries, `role_map.x`). */
  const errorOf = (field: string) =>
    Object.entries(errors)
      .filter(([key]) => key === field || key.startsWith(`${field}.`))
      .flatMap(([, messages]) => messages)
      .join(' ') || undefined;

  const submit = () => {
    if (!current) return;
    setFormError(null);
    save.mutate(toBody(current), {
      onSuccess: (saved) => {
        setErrors({});
        setForm(toForm(saved));
        notify(t('admin.saved'), 'success');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.body.errors) setErrors(err.body.errors);
        setFormError(err instanceof ApiError ? err.firstFieldMessage : t('common:errors.connection'));
      },
    });
  };
  return { config, save, current, set, errorOf, formError, submit };
};

export type SsoAdminState = ReturnType<typeof useSsoAdmin>;
