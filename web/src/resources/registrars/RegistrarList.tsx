import { BulkMergeButton } from '../../common/list/BulkMergeButton';
import { pluralise } from '../../common/fields/CountChip';
import { ResourceList } from '../../common/list/ResourceList';
import { registrarColumns } from './columns';
import { registrarFilters } from './filters';

/** SPEC §2.5: registrars list with bulk Merge (POST …/{keep}/merge?ids=…, SPEC §7.4). */
export const RegistrarList = () => (
  <ResourceList
    columns={registrarColumns}
    filters={registrarFilters}
    smallScreen={['registrar', 'domains_count']}
    bulkActions={
      <BulkMergeButton
        optionText="registrar"
        countSource="domains_count"
        countNoun="domain"
        describe={(meta, kept) =>
          `Merged into ${String(kept.registrar)}: ${pluralise(Number(meta.moved_domains ?? 0), 'domain')} moved`
        }
      />
    }
  />
);
