import { ReferenceField, TextField } from 'react-admin';
import { NA } from '../format/text';

interface Props {
  source: string;
  reference: string;
  /** The referenced record's field that names it. */
  optionText?: string;
  label?: string;
}

/** The name of a referenced record, linking to its show page; 'N/A' when there is none. */
export const ReferenceLink = ({ source, reference, optionText = 'name' }: Props) => (
  <ReferenceField
    source={source}
    reference={reference}
    link="show"
    emptyText={NA}
    sx={{ '& a': { textDecoration: 'none' }, '& a:hover': { textDecoration: 'underline' } }}
  >
    <TextField source={optionText} />
  </ReferenceField>
);
