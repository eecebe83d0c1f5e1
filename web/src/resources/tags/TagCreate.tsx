import { RecordCreate } from '../../common/record/RecordForm';
import { tagCanSave, TagInputs } from './TagInputs';

export const TagCreate = () => (
  <RecordCreate canSave={tagCanSave} title="Create tag">
    <TagInputs />
  </RecordCreate>
);
