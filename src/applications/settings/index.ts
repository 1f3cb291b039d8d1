export {
  AppearanceMenu,
  AutomationMenu,
  OptionalRulesMenu,
  registerSettingsMenus,
  SETTINGS_MENUS,
} from "./menus";
export { TablesMenu } from "./tables-menu";
