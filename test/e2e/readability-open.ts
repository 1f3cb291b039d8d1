/**
 * Clipped text the readability test found in surfaces other work owns (the sheets, the chat cards,
 * the tracker), left for their owners to fix. Each entry names the surface (the screenshot name's
 * prefix), the clipped element and its text. The test fails on any problem missing from this list,
 * and on any entry no page shows any more: fix one, then delete its line.
 */
export interface OpenClipping {
  surface: string;
  selector: string;
  text: string;
}

const stat = (surface: string, key: string, text: string, part = "dt"): OpenClipping => ({
  surface,
  selector: `dl.stat-list > div.stat${key} > ${part}`,
  text,
});

export const OPEN_CLIPPING: readonly OpenClipping[] = [
  // templates/actor/character-tab.hbs, styles/brink.css `.stat-list`: the stat boxes are too narrow
  // for their labels, which end in an ellipsis with no tooltip, at the default 760 px…
  stat("character-character-760", ".stat-luck.deathDifficulty", "Death difficulty"),
  stat("character-character-760", "", "Chance to cheat death"),
  // …and at 520 px.
  stat("character-character-520", ".stat-luck.deathDifficulty", "Death difficulty"),
  stat("character-character-520", "", "Chance to cheat death"),
  stat("character-character-520", ".stat-deflection.physical", "Physical"),
  stat("character-character-520", ".stat-deflection.elemental", "Elemental"),
  stat("character-character-520", ".stat-size", "Medium", "dd"),
  stat("character-character-520", ".stat-fortitude", "Fortitude"),
  stat("character-character-520", ".stat-luck.bonus", "Luck bonus"),
  stat("character-character-520", ".stat-xp", "Experience"),
  stat("character-character-520", ".stat-hitDice.value", "Hit dice left"),
  stat("character-character-520", ".stat-exhaustion", "Exhaustion"),
  // templates/chat/attack-card.hbs `.target-name strong`: a long target name ends in an ellipsis
  // with no tooltip in the 300 px chat column.
  {
    surface: "attack-card-300",
    selector: "li.target.hit > div.target-name > strong",
    text: "Guard with a very long name indeed",
  },
  // templates/combat/tracker.hbs `.member-name`: a long combatant name ends in an ellipsis with no
  // tooltip in the GM's tracker (the GM's row controls leave it less room than a player's).
  {
    surface: "tracker-gm-300",
    selector: "li.combatant.brink-member > div.member-main > span.member-name",
    text: "Crossbowman of the Watch",
  },
];
