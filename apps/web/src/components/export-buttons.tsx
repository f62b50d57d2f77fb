import DownloadIcon from '@mui/icons-material/Download';
import GridOnIcon from '@mui/icons-material/GridOn';
import { Button, type ButtonProps } from '@mui/material';
import type { ReactNode } from 'react';

export type ExportFormat = 'csv' | 'xlsx';

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

/** The icons of the two downloads: a download arrow for the CSV, a grid for the Excel workbook. */
export const EXPORT_ICONS: Record<ExportFormat, ReactNode> = { csv: <DownloadIcon />, xlsx: <GridOnIcon /> };

/**
 * A list's two download buttons, CSV then Excel: each calls `onPick` with its format.
 *
 * ```tsx
 * <ExportButtons onPick={setDownloading} labels={{ csv: t('download'), xlsx: t('downloadXlsx') }} testIds={…} />
 * ```
 */
export const ExportButtons = ({
  onPick,
  labels,
  testIds,
  icons = EXPORT_ICONS,
  variant,
  disabled,
}: {
  onPick: (format: ExportFormat) => void;
  labels: Record<ExportFormat, string>;
  testIds: Record<ExportFormat, string>;
  icons?: Record<ExportFormat, ReactNode>;
  variant?: ButtonProps['variant'];
  disabled?: boolean;
}) =>
  FORMATS.map((format) => (
    <Button
      key={format}
      variant={variant}
      startIcon={icons[format]}
      disabled={disabled}
      onClick={() => onPick(format)}
      data-testid={testIds[format]}
    >
      {labels[format]}
    </Button>
  ));
