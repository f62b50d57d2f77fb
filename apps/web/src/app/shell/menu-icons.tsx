import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ArchiveIcon from '@mui/icons-material/Archive';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import BadgeIcon from '@mui/icons-material/Badge';
import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DownloadIcon from '@mui/icons-material/Download';
import FactoryIcon from '@mui/icons-material/Factory';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import HubIcon from '@mui/icons-material/Hub';
import InventoryIcon from '@mui/icons-material/Inventory';
import KeyIcon from '@mui/icons-material/Key';
import LocalMallIcon from '@mui/icons-material/LocalMall';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import MoveUpIcon from '@mui/icons-material/MoveUp';
import AlarmIcon from '@mui/icons-material/NotificationsActive';
import PeopleIcon from '@mui/icons-material/People';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import PrintIcon from '@mui/icons-material/Print';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import DevicesIcon from '@mui/icons-material/Router';
import SellIcon from '@mui/icons-material/Sell';
import SensorDoorIcon from '@mui/icons-material/SensorDoor';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import WebhookIcon from '@mui/icons-material/Webhook';
import type { ReactElement } from 'react';

export const MENU_ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  inbound: <LocalShippingIcon />,
  return: <AssignmentReturnIcon />,
  online: <ShoppingCartIcon />,
  exit: <CallMadeIcon />,
  entry: <CallReceivedIcon />,
  pos: <PointOfSaleIcon />,
  inventory: <InventoryIcon />,
  stock: <WarehouseIcon />,
  replenish: <MoveUpIcon />,
  tag: <SellIcon />,
  box: <ArchiveIcon />,
  alarm: <AlarmIcon />,
  exitAlarm: <SensorDoorIcon />,
  epcis: <HubIcon />,
  scan: <QrCodeScannerIcon />,
  support: <SupportAgentIcon />,
  location: <LocationCityIcon />,
  device: <DevicesIcon />,
  users: <PeopleIcon />,
  catalogImport: <CloudUploadIcon />,
  print: <PrintIcon />,
  printer: <PrintIcon />,
  download: <DownloadIcon />,
  production: <FactoryIcon />,
  tree: <AccountTreeIcon />,
  shrink: <TrendingDownIcon />,
  availability: <LocalMallIcon />,
  find: <ManageSearchIcon />,
  erp: <CompareArrowsIcon />,
  key: <KeyIcon />,
  webhook: <WebhookIcon />,
  audit: <HistoryEduIcon />,
  sso: <BadgeIcon />,
};
