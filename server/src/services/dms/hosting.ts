import { resources } from '@sitefleet/shared';
import { defineServerResource } from '../../core/resource.js';
import { registerDiversity } from './ip-diversity.js';
import { registerHostingActions } from './hosting/index.js';

const count = (sql: string) => ({ kind: 'integer' as const, sql, sortable: true });

export const serversResource = defineServerResource({
  spec: resources.servers,
  computed: {
    websites_count: count('SELECT count(*) FROM websites w WHERE w.server_id = t.id'),
    ip_addresses_count: count('SELECT count(*) FROM ip_addresses i WHERE i.server_id = t.id'),
  },
  actions: registerHostingActions,
});

export const ipAddressesResource = defineServerResource({
  spec: resources.ipAddresses,
  computed: { websites_count: count('SELECT count(*) FROM websites w WHERE w.ip_address_id = t.id') },
  actions: registerDiversity,
});

export const proxyServersResource = defineServerResource({ spec: resources.proxyServers });

export const repositoriesResource = defineServerResource({
  spec: resources.repositories,
  computed: { websites_count: count('SELECT count(*) FROM websites w WHERE w.repository_id = t.id') },
});

/** A variable marked secret keeps its value only sealed, in secret_value; the plain column is emptied. */
export const envsResource = defineServerResource({
  spec: resources.envs,
  hooks: {
    beforeWrite({ input, values, existing, seal }) {
      const secret = input.secret !== undefined ? input.secret === true : existing?.secret === true;
      if (!secret) {
        if (input.secret === false) values.secret_value = null;
        return;
      }
      const plain = typeof input.value === 'string' && input.value !== '' ? input.value : null;
      if (plain !== null) values.secret_value = seal(plain, 'secret_value');
      else if (!existing?.secret && typeof existing?.value === 'string' && existing.value !== '') {
        values.secret_value = seal(existing.value, 'secret_value');
      }
      values.value = null;
    },
  },
});

export const dnsRecordsResource = defineServerResource({ spec: resources.dnsRecords });
export const dnsRecordChangesResource = defineServerResource({ spec: resources.dnsRecordChanges });
