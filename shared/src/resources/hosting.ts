import { ENVIRONMENTS, SERVER_TYPES } from '../constants.js';
import { defineResource, nameField } from '../fields.js';

export const servers = defineResource({
  name: 'servers',
  service: 'dms',
  path: 'dms/api/v1/servers',
  label: 'Servers',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  fields: {
    name: nameField(),
    main_ip: {
      kind: 'string',
      format: 'ip',
      maxLength: 45,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    location: { kind: 'string', maxLength: 100, filter: 'search', sortable: true },
    provider: { kind: 'string', maxLength: 100, filter: 'search', sortable: true },
    operating_system: { kind: 'string', maxLength: 100, filter: 'search' },
    web_server: { kind: 'string', maxLength: 100, filter: 'search' },
    type: { kind: 'enum', values: SERVER_TYPES, required: true, filter: 'eq', sortable: true },
    runcloud_server_id: { kind: 'integer', label: 'RunCloud server ID', min: 1, filter: 'eq' },
    notes: { kind: 'text', maxLength: 20_000 },
  },
});

export const ipAddresses = defineResource({
  name: 'ip-addresses',
  service: 'dms',
  path: 'dms/api/v1/ip-addresses',
  label: 'IP Addresses',
  titleField: 'ip_address',
  defaultSort: { field: 'ip_address', order: 'ASC' },
  fields: {
    ip_address: {
      kind: 'string',
      format: 'ip',
      required: true,
      unique: true,
      maxLength: 45,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    location: { kind: 'string', maxLength: 100, filter: 'search', sortable: true },
    provider: { kind: 'string', maxLength: 100, filter: 'search', sortable: true },
    server_id: { kind: 'reference', reference: 'servers', filter: 'eq' },
    available: { kind: 'boolean', filter: 'eq', sortable: true },
    info: { kind: 'text', maxLength: 5000, searchable: true },
  },
});

export const proxyServers = defineResource({
  name: 'proxy-servers',
  service: 'dms',
  path: 'dms/api/v1/proxy-servers',
  label: 'Proxy Servers',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  fields: {
    name: nameField(),
    ip_address: {
      kind: 'string',
      format: 'ip',
      required: true,
      maxLength: 45,
      filter: 'search',
      sortable: true,
    },
    port: { kind: 'integer', min: 1, max: 65535 },
    username: { kind: 'string', maxLength: 100 },
    password: { kind: 'secret' },
    country: { kind: 'string', maxLength: 60, filter: 'search', sortable: true },
    banned_exp_dms: { kind: 'timestamp', label: 'Banned until', filter: 'range', sortable: true },
  },
});

export const repositories = defineResource({
  name: 'repositories',
  service: 'dms',
  path: 'dms/api/v1/repositories',
  label: 'Repositories',
  titleField: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  fields: {
    name: nameField(),
    repo: {
      kind: 'string',
      label: 'Repository',
      required: true,
      maxLength: 200,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    url: { kind: 'string', format: 'url', maxLength: 2048 },
    branch: { kind: 'string', maxLength: 100 },
    auto_deploy: { kind: 'boolean', filter: 'eq', sortable: true },
    has_update: { kind: 'boolean', filter: 'eq', sortable: true },
  },
});

export const envs = defineResource({
  name: 'envs',
  service: 'dms',
  path: 'dms/api/v1/envs',
  label: 'Environment variables',
  titleField: 'variable',
  defaultSort: { field: 'variable', order: 'ASC' },
  fields: {
    environment: {
      kind: 'enum',
      values: ENVIRONMENTS.map((e) => e.id),
      required: true,
      filter: 'eq',
      sortable: true,
    },
    variable: {
      kind: 'string',
      required: true,
      maxLength: 200,
      filter: 'search',
      sortable: true,
      searchable: true,
    },
    value: { kind: 'text', maxLength: 20_000 },
    secret: { kind: 'boolean', label: 'Secret', filter: 'eq' },
    secret_value: { kind: 'secret', label: 'Secret value' },
  },
});
