// The stack reference's data: what its one query returns (the plain reference's ten cards).
export const CARD_COUNT = 10;

export const CARDS = Array.from({ length: CARD_COUNT }, (_, index) => ({
  id: `card-${index + 1}`,
  title: `Challenge ${index + 1}`,
  text: 'A paid, real-world task with a deadline, a prize and a sponsor who reads every answer.',
}));
