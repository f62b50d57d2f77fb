import { IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from '@mui/material';
import { type ReactNode, useState } from 'react';

export type IconMenuItem = {
  /** Test id of the menu entry. */
  id: string;
  label: ReactNode;
  icon: ReactNode;
  onClick: () => void;
  isDanger?: boolean;
};

/**
 * An icon button that opens a menu of actions (a row's downloads, or its download/delete actions).
 *
 * ```tsx
 * <IconMenu icon={<DownloadIcon />} label={t('download')} testId="order-download"
 *   items={[{ id: 'download-order', label: t('orderCsv'), icon: <DownloadIcon />, onClick: () => … }]} />
 * ```
 */
export const IconMenu = ({
  icon,
  label,
  items,
  testId,
}: {
  icon: ReactNode;
  /** Accessible name and tooltip of the button. */
  label: string;
  items: IconMenuItem[];
  testId?: string;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid={testId}
        >
          {icon}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {items.map((item) => (
          <MenuItem
            key={item.id}
            onClick={pick(item.onClick)}
            sx={item.isDanger ? { color: 'error.main' } : undefined}
            data-testid={item.id}
          >
            <ListItemIcon sx={item.isDanger ? { color: 'error.main' } : undefined}>{item.icon}</ListItemIcon>
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
