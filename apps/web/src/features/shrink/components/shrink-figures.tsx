import type { ShrinkReport } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { StatGrid, type StatItem, statValue } from '../../../components/stat-grid';

/**
 * The report's figures: inventory accuracy (1 decimal, %), validated inventories, shrink in units and value (2
 * decimals), and the units of each source. Numbers in the user's language (es: 95,5 and 1.234,50; en: 95.5, 1,234.50).
 * Test ids `stat-shrink-<figure>` (and `-value`).
 */
export const ShrinkFigures = ({
  report,
  isLoading,
  isCompact = false,
}: {
  report: ShrinkReport | undefined;
  isLoading: boolean;
  /** The dashboard's card: accuracy, units and value only. */
  isCompact?: boolean;
}) => {
  const { t, i18n } = useTranslation('shrink');
  const language = i18n.language;
  const accuracy = report?.accuracy;
  const items: StatItem[] = [
    {
      id: 'shrink-accuracy',
      title: t('figures.accuracy'),
      value: statValue(accuracy, language, 1),
      unit: accuracy === null || accuracy === undefined ? undefined : '%',
    },
    { id: 'shrink-units', title: t('figures.units'), value: statValue(report?.shrink.units, language, 0), color: 'error.main' },
    { id: 'shrink-value', title: t('figures.value'), value: statValue(report?.shrink.value, language, 2) },
  ];
  if (!isCompact) {
    items.splice(1, 0, {
      id: 'shrink-inventories',
      title: t('figures.inventories'),
      value: statValue(report?.inventories, language, 0),
    });
    items.push(
      {
        id: 'shrink-inventory-units',
        title: t('figures.inventoryUnits'),
        value: statValue(report?.shrink.inventory.units, language, 0),
      },
      { id: 'shrink-exit-units', title: t('figures.exitUnits'), value: statValue(report?.shrink.exit.units, language, 0) },
    );
  }
  return <StatGrid items={items} isLoading={isLoading} testId="shrink-figures" />;
};
