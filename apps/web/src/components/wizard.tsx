import { Box, Button, Stack, Step, StepLabel, Stepper, useMediaQuery, useTheme } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';

export type WizardStep = {
  label: ReactNode;
  content: ReactNode;
  /** Next (or Finish) is disabled while this is false, e.g. until a tag type is chosen. */
  canContinue?: boolean;
  /** Runs on Next; return false (or throw) to stay on the step, e.g. after form validation. */
  onNext?: () => boolean | Promise<boolean>;
};

export type WizardProps = {
  steps: WizardStep[];
  /** Runs on the last step's button. */
  onFinish: () => unknown | Promise<unknown>;
  finishLabel?: ReactNode;
  /** Controlled step index; leave out to let the wizard keep it. */
  activeStep?: number;
  onStepChange?: (step: number) => void;
  onCancel?: () => void;
};

/**
 * Steps with Back and Next (Back goes back one step) and a per-step validation hook.
 *
 * ```tsx
 * <Wizard
 *   steps={[
 *     { label: t('tagType'), content: <TagTypeSelect …/>, canContinue: Boolean(tagType) },
 *     { label: t('format'), content: <FormatSelect …/>, onNext: () => form.trigger() },
 *   ]}
 *   onFinish={print}
 *   finishLabel={t('print')}
 * />
 * ```
 */
export const Wizard = ({ steps, onFinish, finishLabel, activeStep, onStepChange, onCancel }: WizardProps) => {
  const { t } = useTranslation('components');
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [ownStep, setOwnStep] = useState(0);
  const [isBusy, setBusy] = useState(false);
  const step = activeStep ?? ownStep;
  const go = (next: number) => {
    if (activeStep === undefined) setOwnStep(next);
    onStepChange?.(next);
  };
  const current = steps[step];
  const isLast = step === steps.length - 1;
  const next = async () => {
    setBusy(true);
    try {
      if (current?.onNext && !(await current.onNext())) return;
      if (isLast) await onFinish();
      else go(step + 1);
    } catch {
      // The step's validation or the finish call reports its own error.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box data-testid="wizard">
      <Stepper activeStep={step} alternativeLabel={!isPhone} orientation="horizontal" sx={{ mb: 3 }}>
        {steps.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional
          <Step key={index}>
            <StepLabel>{isPhone && index !== step ? null : item.label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box sx={{ minHeight: 120 }}>{current?.content}</Box>
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={isBusy}>
            {t('wizard.cancel')}
          </Button>
        )}
        <Button onClick={() => go(step - 1)} disabled={step === 0 || isBusy} data-testid="wizard-back">
          {t('wizard.back')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void next()}
          disabled={isBusy || current?.canContinue === false}
          startIcon={isBusy ? <Spinner size={16} color="inherit" /> : undefined}
          data-testid="wizard-next"
        >
          {isLast ? (finishLabel ?? t('wizard.finish')) : t('wizard.next')}
        </Button>
      </Stack>
    </Box>
  );
};
