import SensorDoorIcon from '@mui/icons-material/SensorDoor';
import { Badge, IconButton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { IdleTooltip } from '../../components/idle-tooltip';
import { useExitAlarmCount } from './api/get-exit-alarm-count';

/**
 * The header's exit alarms bell, beside the stock alarms' one (issue 26): open exit alarms of every location the user
 * sees, to /exit-alarms; refreshed by the live stream (topic exit-alarm) and every 20 s. Shown only while some are open,
 * so the header of a company without exit gates stays as it was.
 */
export const ExitAlarmsBell = () => {
  const { t } = useTranslation('exit-alarms');
  const count = useExitAlarmCount().data?.count ?? 0;
  if (count === 0) return null;
  const label = t('bell', { count });
  return (
    <IdleTooltip title={label}>
      <IconButton color="inherit" component={RouterLink} to="/exit-alarms" aria-label={label} data-testid="exit-alarms-bell">
        <Badge color="error" badgeContent={count} max={99} data-testid="exit-alarms-bell-count">
          <SensorDoorIcon />
        </Badge>
      </IconButton>
    </IdleTooltip>
  );
};
