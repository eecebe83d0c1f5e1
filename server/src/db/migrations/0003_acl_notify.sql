-- Tell every process when identity or access data changes, so cached sign-in state is dropped at once.

CREATE FUNCTION notify_acl_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sitefleet_acl', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_acl_change AFTER INSERT OR DELETE OR UPDATE OF disabled, session_epoch, roles, email ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_acl_change();
CREATE TRIGGER roles_acl_change AFTER INSERT OR DELETE OR UPDATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_acl_change();
CREATE TRIGGER permissions_acl_change AFTER INSERT OR DELETE OR UPDATE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_acl_change();
