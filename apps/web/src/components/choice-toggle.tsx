import { type SxProps, type Theme, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * One choice of a few as a row of small toggle buttons, one always pressed (pressing it again keeps it): the group is
 * named `label`, each button reads `choiceLabel(choice)` and has the test id `testId(choice)`.
 *
 * ```tsx
 * <ChoiceToggle label={t('view')} choices={['sets', 'reads']} value={view} onChange={setView}
 *   choiceLabel={(view) => t(`views.${view}`)} testId={(view) => `view-${view}`} />
 * ```
 */
export const ChoiceToggle = <C extends string>({
  label,
  choices,
  value,
  onChange,
  choiceLabel,
  testId,
  sx,
}: {
  label: string;
  choices: readonly C[];
  value: C;
  onChange: (next: C) => void;
  choiceLabel: (choice: C) => ReactNode;
  testId: (choice: C) => string;
  sx?: SxProps<Theme>;
}) => (
  <ToggleButtonGroup
    size="small"
    exclusive
    value={value}
    onChange={(_, next: C | null) => next && onChange(next)}
    aria-label={label}
    sx={sx}
  >
    {choices.map((choice) => (
      <ToggleButton key={choice} value={choice} data-testid={testId(choice)}>
        {choiceLabel(choice)}
      </ToggleButton>
    ))}
  </ToggleButtonGroup>
);
