import type { Currency } from '@school/contract/bank';

/**
 * The school's currency (School details), in which the staff screens write every amount
 * (docs/money.md, Amounts). The session check and the login answer it; a save of School
 * details changes it at once. PLN until the first answer.
 */
let current: Currency = 'PLN';

export function schoolCurrency(): Currency {
  return current;
}

export function setSchoolCurrency(currency: Currency): void {
  current = currency;
}
