import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, DialogTitle, IconButton, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-alert';
import { Wizard } from '../../components/wizard';
import { TagFormatSelect, TagTypeSelect } from './format-fields';
import { VerifyPrinterDialog } from './printer-fields';
import { ChoiceStep } from './wizard/choice-step';
import { RecordsStep } from './wizard/records-step';
import { isQuantity, type PrintWizardProps, useWizardActions, useWizardChoices } from './wizard/use-print-wizard';

export type { PrintWizardProps } from './wizard/use-print-wizard';

/**
 * The print wizard (spec section 2): [records with editable quantity,] tag type, tag format, then order or print. Next
 * is disabled until a tag type, then a format, then on the last step the order choice or the print choice with a
 * printer (spec section 4). Back goes back one step. Before printing the user verifies the target printer; afterwards
 * the print order list opens.
 */
export const PrintWizardDialog = (props: PrintWizardProps) => (props.open ? <WizardDialog {...props} /> : null);

/** Mounted while open, so every opening starts from the caller's records and the first step. */
const WizardDialog = ({ open, records, orders, ...rest }: PrintWizardProps) => {
  const { onClose } = rest;
  const { t } = useTranslation('printing');
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const choices = useWizardChoices({ records, orders });
  const actions = useWizardActions(choices, rest);
  const [step, setStep] = useState(0);
  const { hasRecords, lines, quantities, tagType, format, choice, range, target, total } = choices;

  const steps = [
    ...(hasRecords
      ? [
          {
            label: t('wizard.records'),
            canContinue: lines.length > 0 && quantities.every(isQuantity),
            content: <RecordsStep choices={choices} isPhone={isPhone} />,
          },
        ]
      : []),
    {
      label: t('wizard.tagType'),
      canContinue: tagType !== null,
      content: (
        <TagTypeSelect
          value={tagType}
          onChange={(next) => {
            choices.setValue('tagType', next);
            if (next !== tagType) choices.setFormat(null);
          }}
        />
      ),
    },
    {
      label: t('wizard.tagFormat'),
      canContinue: format !== null,
      content: <TagFormatSelect tagType={tagType} value={format} onChange={choices.setFormat} />,
    },
    {
      label: t('wizard.orderOrPrint'),
      canContinue: choice === 'order' || choices.canPrint,
      content: <ChoiceStep choices={choices} alert={<FormAlert status={actions.status} onClose={actions.closeStatus} />} />,
    },
  ];

  const labelsText =
    range.mode === 'all'
      ? orders
        ? t('verify.orders', { codes: orders.codes.join(', ') })
        : t('verify.all', { count: hasRecords ? total : (target?.total_quantity ?? 0) })
      : t('verify.range', { from: range.from, to: range.to });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={isPhone} data-testid="print-wizard">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <span style={{ flex: 1 }}>{t('wizard.title')}</span>
        <IconButton onClick={onClose} aria-label={t('wizard.close')} data-testid="print-wizard-close">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Wizard
          steps={steps}
          activeStep={step}
          onStepChange={setStep}
          onFinish={actions.finish}
          finishLabel={choice === 'print' ? t('wizard.finishPrint') : t('wizard.finishOrder')}
        />
      </DialogContent>
      <VerifyPrinterDialog
        printer={actions.isVerifying ? choices.printer : null}
        labels={labelsText}
        isPending={actions.isPending}
        onClose={actions.stopVerifying}
        onConfirm={() => void actions.runPrint()}
      />
    </Dialog>
  );
};
