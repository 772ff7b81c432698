// Reason codes of allowances and charges (EN 16931 BT-98/BT-105, BT-140/BT-145): UNCL 5189 for
// allowances (BR-CL-19) and UNCL 7161 for charges (BR-CL-20), the subsets the CEN validation
// artefacts (1.3.x, the en16931 schematron's code lists) accept.

const UNCL_5189 = "41 42 60 62 63 64 65 66 67 68 70 71 88 95 100 102 103 104 105";

const UNCL_7161 =
  "AA AAA AAC AAD AAE AAF AAH AAI AAS AAT AAV AAY AAZ ABA ABB ABC ABD ABF ABK ABL ABN ABR ABS ABT " +
  "ABU ACF ACG ACH ACI ACJ ACK ACL ACM ACS ADC ADE ADJ ADK ADL ADM ADN ADO ADP ADQ ADR ADT ADW ADY " +
  "ADZ AEA AEB AEC AED AEF AEH AEI AEJ AEK AEL AEM AEN AEO AEP AES AET AEU AEV AEW AEX AEY AEZ AJ " +
  "AU CA CAB CAD CAE CAF CAI CAJ CAK CAL CAM CAN CAO CAP CAQ CAR CAS CAT CAU CAV CAW CAX CAY CAZ " +
  "CD CG CS CT DAB DAD DAC DAF DAG DAH DAI DAJ DAK DAL DAM DAN DAO DAP DAQ DL EG EP ER FAA FAB " +
  "FAC FC FH FI GAA HAA HD HH IAA IAB ID IF IR IS KO L1 LA LAA LAB LF MAE MI ML NAA OA PA PAA PC " +
  "PL PRV RAB RAC RAD RAF RE RF RH RV SA SAA SAD SAE SAI SG SH SM SU TAB TAC TT TV V1 V2 WH XAA YY ZZZ";

/** UNCL 5189: why an allowance is given (e.g. 95 discount, 100 special agreement). */
export const ALLOWANCE_REASON_CODES: ReadonlySet<string> = new Set(UNCL_5189.split(" "));

/** UNCL 7161: why a charge is made (e.g. FC freight, ABL packaging, ZZZ mutually defined). */
export const CHARGE_REASON_CODES: ReadonlySet<string> = new Set(UNCL_7161.split(" "));
