/**
 * The detachment requests, declared in the registry (requests/registry.ts): only a GM forms or
 * disbands a detachment.
 */
import { defineRequest } from "../../requests";
import { handleDisband } from "./disband";
import { handleForm } from "./form";

const form = defineRequest({
  name: "detachment.form",
  who: "gm",
  parse: (fields) => ({ sceneId: fields.id("sceneId"), tokenIds: fields.ids("tokenIds") }),
  handle: handleForm,
});
const disband = defineRequest({
  name: "detachment.disband",
  who: "gm",
  parse: (fields) => ({ messageId: fields.id("messageId") }),
  handle: handleDisband,
});

/** Forms a detachment from these tokens of a scene. */
export const requestFormDetachment = (sceneId: string, tokenIds: string[]) => form({ sceneId, tokenIds });
/** Disbands the detachment a card formed. */
export const requestDisbandDetachment = (messageId: string) => disband({ messageId });
