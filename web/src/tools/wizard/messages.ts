export const CONFLICT_TEXT =
  'This launch changed meanwhile (another tab or operator moved it, or one of its steps is still running): it has been reloaded as it stands now. Check the current step before going on.';
export const NO_ADVANCE_TEXT =
  "You may not run a launch's steps; an admin can grant the wizard's permissions to your role.";
export const NO_START_TEXT = 'You may not start a launch; an admin can grant it to your role.';
export const PURCHASE_TEXT =
  'This registers the domain and spends money. If a purchase is interrupted, a retry first looks it up at the registrar and never buys the domain twice.';
export const RESET_TEXT =
  'The launch goes back to step 0 and its visited steps are discarded. Nothing is undone: a domain that was bought stays bought, and what was created stays.';
export const BY_HAND_TEXT =
  'Bought by hand: this step checks that the registration data shows the domain registered. Nothing is bought here.';
