import { RunForSelectionButton } from '../../tools/artisan/RunForSelectionButton';

export const CHECK_COMMAND = 'backlinks:check';

/** The list's bulk Check: the selected links (select all for a whole filtered list) in one run. */
export const CheckLinksButton = () => (
  <RunForSelectionButton
    service="dms"
    command={CHECK_COMMAND}
    label="Check"
    failure="The check could not start"
  />
);
