/** Brink's Item. */
export class BrinkItem extends Item {}
