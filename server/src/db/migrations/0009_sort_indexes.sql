-- An index for every declared sort: (column, id) for every sortable stored column of every resource, led by
-- the scope column in a shared table (cron_runs by service), so a list's page, a keyset seek and a deep
-- jump read the index instead of sorting the table. Columns that already lead an index are left alone
-- (name, expiration_date, updated_at, at, …). test/sort-indexes.test.ts fails when a resource's sortable
-- field has none, and prints the statement to add.
--
-- A deep page (page=n without a cursor) finds its ids in the index alone, so the large tables' sort indexes
-- that lacked the id tie-break get it: the same indexes with id after the column, under the same names (the
-- unique name key carries id as an included column, its uniqueness and ON CONFLICT (name) unchanged).
DROP INDEX IF EXISTS domains_name_key;
CREATE UNIQUE INDEX domains_name_key ON domains (name) INCLUDE (id);
DROP INDEX IF EXISTS domains_expiration_idx;
CREATE INDEX domains_expiration_idx ON domains (expiration_date, id);
DROP INDEX IF EXISTS websites_market_idx;
CREATE INDEX websites_market_idx ON websites (target_market, id);

CREATE INDEX IF NOT EXISTS audit_log_target_sort_idx ON audit_log (target, id);

CREATE INDEX IF NOT EXISTS cron_runs_service_created_at_sort_idx ON cron_runs (service, created_at, id);
CREATE INDEX IF NOT EXISTS cron_runs_service_done_jobs_sort_idx ON cron_runs (service, done_jobs, id);
CREATE INDEX IF NOT EXISTS cron_runs_service_end_time_sort_idx ON cron_runs (service, end_time, id);
CREATE INDEX IF NOT EXISTS cron_runs_service_failed_count_sort_idx ON cron_runs (service, failed_count, id);
CREATE INDEX IF NOT EXISTS cron_runs_service_id_sort_idx ON cron_runs (service, id);
CREATE INDEX IF NOT EXISTS cron_runs_service_job_count_sort_idx ON cron_runs (service, job_count, id);
CREATE INDEX IF NOT EXISTS cron_runs_service_remaining_jobs_sort_idx ON cron_runs (service, remaining_jobs, id);
CREATE INDEX IF NOT EXISTS cron_runs_service_status_sort_idx ON cron_runs (service, status, id);
CREATE INDEX IF NOT EXISTS cron_runs_service_success_count_sort_idx ON cron_runs (service, success_count, id);
CREATE INDEX IF NOT EXISTS cron_runs_service_total_time_sort_idx ON cron_runs (service, total_time, id);
CREATE INDEX IF NOT EXISTS cron_runs_service_trigger_sort_idx ON cron_runs (service, trigger, id);
CREATE INDEX IF NOT EXISTS cron_runs_service_updated_at_sort_idx ON cron_runs (service, updated_at, id);

CREATE INDEX IF NOT EXISTS dns_record_changes_change_sort_idx ON dns_record_changes (change, id);
CREATE INDEX IF NOT EXISTS dns_record_changes_created_at_sort_idx ON dns_record_changes (created_at, id);
CREATE INDEX IF NOT EXISTS dns_record_changes_host_sort_idx ON dns_record_changes (host, id);
CREATE INDEX IF NOT EXISTS dns_record_changes_type_sort_idx ON dns_record_changes (type, id);
CREATE INDEX IF NOT EXISTS dns_record_changes_updated_at_sort_idx ON dns_record_changes (updated_at, id);

CREATE INDEX IF NOT EXISTS dns_records_created_at_sort_idx ON dns_records (created_at, id);
CREATE INDEX IF NOT EXISTS dns_records_host_sort_idx ON dns_records (host, id);
CREATE INDEX IF NOT EXISTS dns_records_pri_sort_idx ON dns_records (pri, id);
CREATE INDEX IF NOT EXISTS dns_records_target_sort_idx ON dns_records (target, id);
CREATE INDEX IF NOT EXISTS dns_records_ttl_sort_idx ON dns_records (ttl, id);
CREATE INDEX IF NOT EXISTS dns_records_type_sort_idx ON dns_records (type, id);
CREATE INDEX IF NOT EXISTS dns_records_updated_at_sort_idx ON dns_records (updated_at, id);

CREATE INDEX IF NOT EXISTS domains_created_at_sort_idx ON domains (created_at, id);
CREATE INDEX IF NOT EXISTS domains_creation_date_sort_idx ON domains (creation_date, id);
CREATE INDEX IF NOT EXISTS domains_deindexed_sort_idx ON domains (deindexed, id);
CREATE INDEX IF NOT EXISTS domains_dns_refreshed_at_sort_idx ON domains (dns_refreshed_at, id);
CREATE INDEX IF NOT EXISTS domains_pulled_from_sort_idx ON domains (pulled_from, id);
CREATE INDEX IF NOT EXISTS domains_unicode_name_sort_idx ON domains (unicode_name, id);
CREATE INDEX IF NOT EXISTS domains_whois_refreshed_at_sort_idx ON domains (whois_refreshed_at, id);

CREATE INDEX IF NOT EXISTS envs_created_at_sort_idx ON envs (created_at, id);
CREATE INDEX IF NOT EXISTS envs_updated_at_sort_idx ON envs (updated_at, id);
CREATE INDEX IF NOT EXISTS envs_variable_sort_idx ON envs (variable, id);

CREATE INDEX IF NOT EXISTS indexed_history_checked_at_sort_idx ON indexed_history (checked_at, id);
CREATE INDEX IF NOT EXISTS indexed_history_created_at_sort_idx ON indexed_history (created_at, id);
CREATE INDEX IF NOT EXISTS indexed_history_indexed_sort_idx ON indexed_history (indexed, id);
CREATE INDEX IF NOT EXISTS indexed_history_result_count_sort_idx ON indexed_history (result_count, id);
CREATE INDEX IF NOT EXISTS indexed_history_updated_at_sort_idx ON indexed_history (updated_at, id);

CREATE INDEX IF NOT EXISTS ip_addresses_available_sort_idx ON ip_addresses (available, id);
CREATE INDEX IF NOT EXISTS ip_addresses_created_at_sort_idx ON ip_addresses (created_at, id);
CREATE INDEX IF NOT EXISTS ip_addresses_location_sort_idx ON ip_addresses (location, id);
CREATE INDEX IF NOT EXISTS ip_addresses_provider_sort_idx ON ip_addresses (provider, id);
CREATE INDEX IF NOT EXISTS ip_addresses_updated_at_sort_idx ON ip_addresses (updated_at, id);

CREATE INDEX IF NOT EXISTS monitors_created_at_sort_idx ON monitors (created_at, id);
CREATE INDEX IF NOT EXISTS monitors_friendly_name_sort_idx ON monitors (friendly_name, id);
CREATE INDEX IF NOT EXISTS monitors_interval_sort_idx ON monitors (interval, id);
CREATE INDEX IF NOT EXISTS monitors_last_check_sort_idx ON monitors (last_check, id);
CREATE INDEX IF NOT EXISTS monitors_last_response_ms_sort_idx ON monitors (last_response_ms, id);
CREATE INDEX IF NOT EXISTS monitors_next_check_sort_idx ON monitors (next_check, id);
CREATE INDEX IF NOT EXISTS monitors_retries_sort_idx ON monitors (retries, id);
CREATE INDEX IF NOT EXISTS monitors_status_since_sort_idx ON monitors (status_since, id);
CREATE INDEX IF NOT EXISTS monitors_type_sort_idx ON monitors (type, id);
CREATE INDEX IF NOT EXISTS monitors_url_sort_idx ON monitors (url, id);

CREATE INDEX IF NOT EXISTS nameservers_created_at_sort_idx ON nameservers (created_at, id);
CREATE INDEX IF NOT EXISTS nameservers_nameserver_sort_idx ON nameservers (nameserver, id);
CREATE INDEX IF NOT EXISTS nameservers_updated_at_sort_idx ON nameservers (updated_at, id);

CREATE INDEX IF NOT EXISTS notifications_created_at_sort_idx ON notifications (created_at, id);
CREATE INDEX IF NOT EXISTS notifications_resolved_sort_idx ON notifications (resolved, id);
CREATE INDEX IF NOT EXISTS notifications_title_sort_idx ON notifications (title, id);
CREATE INDEX IF NOT EXISTS notifications_type_sort_idx ON notifications (type, id);
CREATE INDEX IF NOT EXISTS notifications_updated_at_sort_idx ON notifications (updated_at, id);

CREATE INDEX IF NOT EXISTS permissions_created_at_sort_idx ON permissions (created_at, id);
CREATE INDEX IF NOT EXISTS permissions_kind_sort_idx ON permissions (kind, id);
CREATE INDEX IF NOT EXISTS permissions_route_sort_idx ON permissions (route, id);
CREATE INDEX IF NOT EXISTS permissions_updated_at_sort_idx ON permissions (updated_at, id);

CREATE INDEX IF NOT EXISTS proxy_servers_banned_exp_dms_sort_idx ON proxy_servers (banned_exp_dms, id);
CREATE INDEX IF NOT EXISTS proxy_servers_country_sort_idx ON proxy_servers (country, id);
CREATE INDEX IF NOT EXISTS proxy_servers_created_at_sort_idx ON proxy_servers (created_at, id);
CREATE INDEX IF NOT EXISTS proxy_servers_ip_address_sort_idx ON proxy_servers (ip_address, id);
CREATE INDEX IF NOT EXISTS proxy_servers_name_sort_idx ON proxy_servers (name, id);
CREATE INDEX IF NOT EXISTS proxy_servers_updated_at_sort_idx ON proxy_servers (updated_at, id);

CREATE INDEX IF NOT EXISTS registrants_company_sort_idx ON registrants (company, id);
CREATE INDEX IF NOT EXISTS registrants_created_at_sort_idx ON registrants (created_at, id);
CREATE INDEX IF NOT EXISTS registrants_registrant_name_sort_idx ON registrants (registrant_name, id);
CREATE INDEX IF NOT EXISTS registrants_updated_at_sort_idx ON registrants (updated_at, id);

CREATE INDEX IF NOT EXISTS registrars_created_at_sort_idx ON registrars (created_at, id);
CREATE INDEX IF NOT EXISTS registrars_registrar_sort_idx ON registrars (registrar, id);
CREATE INDEX IF NOT EXISTS registrars_updated_at_sort_idx ON registrars (updated_at, id);

CREATE INDEX IF NOT EXISTS repositories_auto_deploy_sort_idx ON repositories (auto_deploy, id);
CREATE INDEX IF NOT EXISTS repositories_created_at_sort_idx ON repositories (created_at, id);
CREATE INDEX IF NOT EXISTS repositories_has_update_sort_idx ON repositories (has_update, id);
CREATE INDEX IF NOT EXISTS repositories_name_sort_idx ON repositories (name, id);
CREATE INDEX IF NOT EXISTS repositories_repo_sort_idx ON repositories (repo, id);
CREATE INDEX IF NOT EXISTS repositories_updated_at_sort_idx ON repositories (updated_at, id);

CREATE INDEX IF NOT EXISTS roles_created_at_sort_idx ON roles (created_at, id);
CREATE INDEX IF NOT EXISTS roles_name_sort_idx ON roles (name, id);
CREATE INDEX IF NOT EXISTS roles_updated_at_sort_idx ON roles (updated_at, id);

CREATE INDEX IF NOT EXISTS servers_created_at_sort_idx ON servers (created_at, id);
CREATE INDEX IF NOT EXISTS servers_location_sort_idx ON servers (location, id);
CREATE INDEX IF NOT EXISTS servers_main_ip_sort_idx ON servers (main_ip, id);
CREATE INDEX IF NOT EXISTS servers_name_sort_idx ON servers (name, id);
CREATE INDEX IF NOT EXISTS servers_provider_sort_idx ON servers (provider, id);
CREATE INDEX IF NOT EXISTS servers_type_sort_idx ON servers (type, id);
CREATE INDEX IF NOT EXISTS servers_updated_at_sort_idx ON servers (updated_at, id);

CREATE INDEX IF NOT EXISTS tags_created_at_sort_idx ON tags (created_at, id);
CREATE INDEX IF NOT EXISTS tags_name_sort_idx ON tags (name, id);
CREATE INDEX IF NOT EXISTS tags_updated_at_sort_idx ON tags (updated_at, id);

CREATE INDEX IF NOT EXISTS users_adult_sort_idx ON users (adult, id);
CREATE INDEX IF NOT EXISTS users_created_at_sort_idx ON users (created_at, id);
CREATE INDEX IF NOT EXISTS users_disabled_sort_idx ON users (disabled, id);
CREATE INDEX IF NOT EXISTS users_email_sort_idx ON users (email, id);
CREATE INDEX IF NOT EXISTS users_last_activity_sort_idx ON users (last_activity, id);
CREATE INDEX IF NOT EXISTS users_last_login_sort_idx ON users (last_login, id);
CREATE INDEX IF NOT EXISTS users_last_name_sort_idx ON users (last_name, id);
CREATE INDEX IF NOT EXISTS users_name_sort_idx ON users (name, id);
CREATE INDEX IF NOT EXISTS users_updated_at_sort_idx ON users (updated_at, id);

CREATE INDEX IF NOT EXISTS website_links_backlink_sort_idx ON website_links (backlink, id);
CREATE INDEX IF NOT EXISTS website_links_created_at_sort_idx ON website_links (created_at, id);
CREATE INDEX IF NOT EXISTS website_links_hits_sort_idx ON website_links (hits, id);
CREATE INDEX IF NOT EXISTS website_links_page_sort_idx ON website_links (page, id);
CREATE INDEX IF NOT EXISTS website_links_scanned_at_sort_idx ON website_links (scanned_at, id);
CREATE INDEX IF NOT EXISTS website_links_target_host_sort_idx ON website_links (target_host, id);
CREATE INDEX IF NOT EXISTS website_links_updated_at_sort_idx ON website_links (updated_at, id);

CREATE INDEX IF NOT EXISTS website_pages_created_at_sort_idx ON website_pages (created_at, id);
CREATE INDEX IF NOT EXISTS website_pages_internal_links_sort_idx ON website_pages (internal_links, id);
CREATE INDEX IF NOT EXISTS website_pages_outbound_links_sort_idx ON website_pages (outbound_links, id);
CREATE INDEX IF NOT EXISTS website_pages_scanned_at_sort_idx ON website_pages (scanned_at, id);
CREATE INDEX IF NOT EXISTS website_pages_status_sort_idx ON website_pages (status, id);
CREATE INDEX IF NOT EXISTS website_pages_title_sort_idx ON website_pages (title, id);
CREATE INDEX IF NOT EXISTS website_pages_updated_at_sort_idx ON website_pages (updated_at, id);
CREATE INDEX IF NOT EXISTS website_pages_url_sort_idx ON website_pages (url, id);

CREATE INDEX IF NOT EXISTS websites_alerts_sort_idx ON websites (alerts, id);
CREATE INDEX IF NOT EXISTS websites_created_at_sort_idx ON websites (created_at, id);
CREATE INDEX IF NOT EXISTS websites_errors_sort_idx ON websites (errors, id);
CREATE INDEX IF NOT EXISTS websites_friendly_name_sort_idx ON websites (friendly_name, id);
CREATE INDEX IF NOT EXISTS websites_hostname_sort_idx ON websites (hostname, id);
CREATE INDEX IF NOT EXISTS websites_status_sort_idx ON websites (status, id);
CREATE INDEX IF NOT EXISTS websites_url_sort_idx ON websites (url, id);
