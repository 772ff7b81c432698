// Pricing an invoice: its lines, its document discounts and charges, the VAT exemption rule, a
// change of currency, the totals and the stored rows. Importers read every public name here.

export { parseDiscount } from "./allowances";
export { type Catalog, lineTaxOf, loadCatalog, loadCatalogFor, resolveRate } from "./catalog";
export {
  rescaleCharges,
  rescaleDiscounts,
  rescaleLines,
  rescalePrepaid,
  rescaleStatedRounding,
} from "./currency";
export { adjustmentRateIds, parseDocumentCharges, parseDocumentDiscounts } from "./document-adjustments";
export { checkTaxExempt, issueRefusals } from "./exemptions";
export {
  detailAmount,
  type LineChargeInput,
  type LineDiscountInput,
  type PricedLine,
  type PricingOptions,
  pricedAmount,
  priceLines,
  storedPrice,
} from "./lines";
export {
  insertItems,
  itemRows,
  storedLineExtras,
  storedLineTax,
  storedTotalsLine,
  totalsColumns,
} from "./rows";
export { subLinesSum } from "./sub-items";
export { totalsOf } from "./totals-of";
