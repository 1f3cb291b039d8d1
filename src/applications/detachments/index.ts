export {
  addFormDetachmentTool,
  formFromControlledTokens,
  FORM_DETACHMENT_TOOL,
  registerDetachmentControls,
} from "./scene-control";
