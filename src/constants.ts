/** The system id, and the root every system path in Foundry starts from. */
export const SYSTEM_ID = "brink";
export const SYSTEM_PATH = `systems/${SYSTEM_ID}`;
export const templatePath = (path: string): string => `${SYSTEM_PATH}/templates/${path}`;
