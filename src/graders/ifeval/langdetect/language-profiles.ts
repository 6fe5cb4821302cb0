// Every langdetect profile (python3-langdetect 1.0.9), in name order.

import type { LanguageProfileData } from "./language-profile-data.js";
import { PROFILE_AF } from "./profiles/af.js";
import { PROFILE_AR } from "./profiles/ar.js";
import { PROFILE_BG } from "./profiles/bg.js";
import { PROFILE_BN } from "./profiles/bn.js";
import { PROFILE_CA } from "./profiles/ca.js";
import { PROFILE_CS } from "./profiles/cs.js";
import { PROFILE_CY } from "./profiles/cy.js";
import { PROFILE_DA } from "./profiles/da.js";
import { PROFILE_DE } from "./profiles/de.js";
import { PROFILE_EL } from "./profiles/el.js";
import { PROFILE_EN } from "./profiles/en.js";
import { PROFILE_ES } from "./profiles/es.js";
import { PROFILE_ET } from "./profiles/et.js";
import { PROFILE_FA } from "./profiles/fa.js";
import { PROFILE_FI } from "./profiles/fi.js";
import { PROFILE_FR } from "./profiles/fr.js";
import { PROFILE_GU } from "./profiles/gu.js";
import { PROFILE_HE } from "./profiles/he.js";
import { PROFILE_HI } from "./profiles/hi.js";
import { PROFILE_HR } from "./profiles/hr.js";
import { PROFILE_HU } from "./profiles/hu.js";
import { PROFILE_ID } from "./profiles/id.js";
import { PROFILE_IT } from "./profiles/it.js";
import { PROFILE_JA } from "./profiles/ja.js";
import { PROFILE_KN } from "./profiles/kn.js";
import { PROFILE_KO } from "./profiles/ko.js";
import { PROFILE_LT } from "./profiles/lt.js";
import { PROFILE_LV } from "./profiles/lv.js";
import { PROFILE_MK } from "./profiles/mk.js";
import { PROFILE_ML } from "./profiles/ml.js";
import { PROFILE_MR } from "./profiles/mr.js";
import { PROFILE_NE } from "./profiles/ne.js";
import { PROFILE_NL } from "./profiles/nl.js";
import { PROFILE_NO } from "./profiles/no.js";
import { PROFILE_PA } from "./profiles/pa.js";
import { PROFILE_PL } from "./profiles/pl.js";
import { PROFILE_PT } from "./profiles/pt.js";
import { PROFILE_RO } from "./profiles/ro.js";
import { PROFILE_RU } from "./profiles/ru.js";
import { PROFILE_SK } from "./profiles/sk.js";
import { PROFILE_SL } from "./profiles/sl.js";
import { PROFILE_SO } from "./profiles/so.js";
import { PROFILE_SQ } from "./profiles/sq.js";
import { PROFILE_SV } from "./profiles/sv.js";
import { PROFILE_SW } from "./profiles/sw.js";
import { PROFILE_TA } from "./profiles/ta.js";
import { PROFILE_TE } from "./profiles/te.js";
import { PROFILE_TH } from "./profiles/th.js";
import { PROFILE_TL } from "./profiles/tl.js";
import { PROFILE_TR } from "./profiles/tr.js";
import { PROFILE_UK } from "./profiles/uk.js";
import { PROFILE_UR } from "./profiles/ur.js";
import { PROFILE_VI } from "./profiles/vi.js";
import { PROFILE_ZH_CN } from "./profiles/zh-cn.js";
import { PROFILE_ZH_TW } from "./profiles/zh-tw.js";

/** The 55 language profiles of langdetect, sorted by name (the order only rounds sums differently). */
export const LANGUAGE_PROFILES: readonly LanguageProfileData[] = [
  PROFILE_AF,
  PROFILE_AR,
  PROFILE_BG,
  PROFILE_BN,
  PROFILE_CA,
  PROFILE_CS,
  PROFILE_CY,
  PROFILE_DA,
  PROFILE_DE,
  PROFILE_EL,
  PROFILE_EN,
  PROFILE_ES,
  PROFILE_ET,
  PROFILE_FA,
  PROFILE_FI,
  PROFILE_FR,
  PROFILE_GU,
  PROFILE_HE,
  PROFILE_HI,
  PROFILE_HR,
  PROFILE_HU,
  PROFILE_ID,
  PROFILE_IT,
  PROFILE_JA,
  PROFILE_KN,
  PROFILE_KO,
  PROFILE_LT,
  PROFILE_LV,
  PROFILE_MK,
  PROFILE_ML,
  PROFILE_MR,
  PROFILE_NE,
  PROFILE_NL,
  PROFILE_NO,
  PROFILE_PA,
  PROFILE_PL,
  PROFILE_PT,
  PROFILE_RO,
  PROFILE_RU,
  PROFILE_SK,
  PROFILE_SL,
  PROFILE_SO,
  PROFILE_SQ,
  PROFILE_SV,
  PROFILE_SW,
  PROFILE_TA,
  PROFILE_TE,
  PROFILE_TH,
  PROFILE_TL,
  PROFILE_TR,
  PROFILE_UK,
  PROFILE_UR,
  PROFILE_VI,
  PROFILE_ZH_CN,
  PROFILE_ZH_TW,
];
