/** Brink's Actor: the place where rules results become one document write. */
export class BrinkActor extends Actor {}
