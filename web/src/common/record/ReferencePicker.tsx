import { AutocompleteInput, ReferenceInput } from 'react-admin';

interface Props {
  source: string;
  reference: string;
  label: string;
  /** The field shown for each choice; the choices are sorted by it. */
  optionText: string;
  perPage?: number;
}

/** A searchable picker of one record of another resource, sorted by the text it shows. */
export const ReferencePicker = ({ source, reference, label, optionText, perPage = 100 }: Props) => (
  <ReferenceInput
    source={source}
    reference={reference}
    perPage={perPage}
    sort={{ field: optionText, order: 'ASC' }}
  >
    <AutocompleteInput label={label} optionText={optionText} />
  </ReferenceInput>
);
