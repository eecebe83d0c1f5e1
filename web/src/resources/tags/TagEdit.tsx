import { RecordEdit } from '../../common/record/RecordForm';
import { tagCanSave, TagInputs } from './TagInputs';

export const TagEdit = () => (
  <RecordEdit canSave={tagCanSave}>
    <TagInputs />
  </RecordEdit>
);
