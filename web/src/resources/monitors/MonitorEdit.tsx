import { RecordEdit } from '../../common/record/RecordForm';
import { MonitorInputs } from './MonitorInputs';

/** Saved with PATCH (the declaration's operations.patch; the data provider picks the method). */
export const MonitorEdit = () => (
  <RecordEdit>
    <MonitorInputs mode="edit" />
  </RecordEdit>
);
