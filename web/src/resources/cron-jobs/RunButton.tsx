import PlayArrow from '@mui/icons-material/PlayArrow';
import { Button, CircularProgress } from '@mui/material';
import { useFormState } from 'react-hook-form';

/** The submit button of a form that starts a run; busy while the call is on its way. */
export const RunButton = ({ label = 'Run' }: { label?: string }) => {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : <PlayArrow />}
    >
      {label}
    </Button>
  );
};
