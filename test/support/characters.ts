/**
 * The hostile-player suites' setting: a clean world before each test, and characters owned by one
 * user (evasion 1, CON d4, STR d6 unless the test says otherwise).
 */
import { beforeEach } from "vitest";
import type { BrinkActor } from "../../src/documents/actor";
import { viewCombat } from "../fake-foundry/combat";
import { clearDice } from "../fake-foundry/dice";
import { resetWorld } from "../fake-foundry/install";
import { clearCanvas } from "../fake-foundry/ui";

/** Registers the reset every test of the file starts from: no documents, dice, tokens or viewed combat. */
export function cleanWorldEachTest(): void {
  beforeEach(() => {
    resetWorld();
    clearDice();
    clearCanvas();
    viewCombat(null);
  });
}

export async function character(
  name: string,
  owner: string,
  system: Record<string, unknown> = {},
): Promise<BrinkActor> {
  const { NONE, OWNER } = CONST.DOCUMENT_OWNERSHIP_LEVELS;
  return (await Actor.implementation.create({
    name,
    type: "character",
    ownership: { default: NONE, [owner]: OWNER },
    system: { evasion: 1, attributes: { con: { die: 4 }, str: { die: 6 } }, ...system },
  })) as BrinkActor;
}
