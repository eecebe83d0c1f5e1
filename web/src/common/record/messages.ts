/** SPEC §5 delete confirmation, word for word. */
export const DELETE_CONFIRM =
  "Are you sure you want to delete this entity? You won't be able to undo your changes!";
