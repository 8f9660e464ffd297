// What the shop sells, in minor units of one currency. Against the sandbox's Demo Shop limits
// (instalments 50.00 to 3,000.00 EUR, pay in 15 days 10.00 to 800.00): the lamp has instalments
// only, the chair both (until two of them pass 800.00), the sofa neither.
export const CURRENCY = 'EUR';
export const PRODUCTS = [
  { id: 'lamp', name: 'Oak desk lamp', price: 90000 },
  { id: 'chair', name: 'Ash reading chair', price: 45000 },
  { id: 'sofa', name: 'Walnut sofa', price: 350000 },
];
