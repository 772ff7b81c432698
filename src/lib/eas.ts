// Electronic address schemes (EN 16931 BT-34/BT-49, the EndpointID of a Peppol BIS 3.0 document):
// the EAS code list as Peppol BIS Billing 3.0 accepts it (PEPPOL-EN16931-CL008, release 2025-Q2).
// 0088 is GLN, 0060 DUNS, 0204 the German Leitweg-ID, 9930 the German VAT number, 0208 the
// Belgian enterprise number, 0192 the Norwegian organisation number. The core list's e-mail and
// other non-participant codes (EM, AN, AQ, AS, AU) are not among them: a Peppol endpoint is a
// registered participant, and an e-mail address goes in `email`. 9901 (withdrawn) is not either.
const CODES =
  "0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 " +
  "0184 0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 " +
  "0210 0211 0212 0213 0215 0216 0217 0218 0221 0225 0230 0235 0240 9910 9913 9914 9915 9918 9919 " +
  "9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 " +
  "9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959";

export const EAS_CODES: ReadonlySet<string> = new Set(CODES.split(" "));
