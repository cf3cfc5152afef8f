/** Who the audit log names for changes made from the command line. */
export const CLI_ACTOR = "cli";
