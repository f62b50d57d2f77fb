-- Issue 15, item 4: the token cache of every process also keeps the locations its users were let into (their rows,
-- time zone included); a change to a location tells every process at commit (NOTIFY auth_changed, as 0018's tables do).
CREATE TRIGGER locations_auth_changed AFTER UPDATE OR DELETE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
