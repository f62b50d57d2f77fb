import { type AutocompleteRenderInputParams, TextField, type TextFieldProps } from '@mui/material';

/**
 * The `renderInput` of an Autocomplete: its text box with the label, error and other props given, and the test id on
 * the input itself (where e2e types).
 */
export const autocompleteInput =
  (testId: string, props: Omit<TextFieldProps, 'slotProps'>) => (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      {...props}
      slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
    />
  );
