import { AutocompleteInput, ReferenceInput } from 'react-admin';

interface Props {
  source: string;
  reference: string;
  label: string;
  /** The field shown for each choice; the choices are sorted by it. */
  optionText: string;
  perPage?: number;
  /** Only these records are offered (a declaration's referenceWhere). */
  filter?: Readonly<Record<string, string>>;
}

/** A searchable picker of one record of another resource, sorted by the text it shows. */
export const ReferencePicker = ({ source, reference, label, optionText, perPage = 100, filter }: Props) => (
  <ReferenceInput
    source={source}
    reference={reference}
    perPage={perPage}
    {...(filter ? { filter } : {})}
    sort={{ field: optionText, order: 'ASC' }}
  >
    <AutocompleteInput label={label} optionText={optionText} />
  </ReferenceInput>
);
