import type { RouteName } from '../routes.ts';
import { contactKfInfo } from './service.ts';
import {
  consoleSignIn,
  consoleSignOut,
  consoleMe,
  consoleDashboard,
  consoleOrders,
  consoleOrder,
  consoleApproveOrder,
  consoleRejectOrder,
  consoleDisburseOrder,
  consoleComplaints,
  consoleReplyComplaint,
  consoleFunnel,
  consoleProducts,
  consoleSaveProduct,
  consolePlanPreview,
  consoleAudit,
} from './console.ts';
import { bindCardNew, cardInit } from './bank-binding.ts';
import { repaymentCommit, repaymentConfirm, repaymentHuichao, repaymentWay } from './legacy-repayment.ts';
import {
  agreementDocument,
  contractJump,
  contractList,
  goyaConfirm,
  goyaContractJump,
  goyaContractList,
  goyaPush,
  loanDetailConfirm,
  loanDetailPush,
} from './loan-confirm.ts';
import {
  problemDetail,
  problemInit,
  problemList,
  problemSave,
  saveScore,
  uploadProblemImg,
} from './complaints.ts';
import {
  eventSave,
  googleScore,
  loanDetails,
  productDefine,
  unionErrorInfo,
  unionProductLink,
  unionProductTrack,
} from './orders.ts';
import { emphasisMiles, generateVcode, loanPlayDetail } from './repayment.ts';
import {
  channelTemplate,
  getCaptcha,
  getSid,
  getSms,
  register,
  sendLoginCode,
  smsLogin,
  trackClick,
  trackVisit,
} from './promotion.ts';

/** Every call of the API by route name; a route without schemas here fails to compile. */
export const endpointMap = {
  contactKfInfo,
  cardInit,
  bindCardNew,
  repaymentWay,
  repaymentCommit,
  repaymentConfirm,
  repaymentHuichao,
  problemInit,
  uploadProblemImg,
  problemSave,
  problemList,
  problemDetail,
  saveScore,
  loanPlayDetail,
  emphasisMiles,
  generateVcode,
  loanDetails,
  eventSave,
  googleScore,
  productDefine,
  unionErrorInfo,
  unionProductTrack,
  unionProductLink,
  loanDetailConfirm,
  contractList,
  contractJump,
  loanDetailPush,
  goyaConfirm,
  goyaContractList,
  goyaContractJump,
  goyaPush,
  agreementDocument,
  channelTemplate,
  trackVisit,
  getSid,
  getCaptcha,
  getSms,
  trackClick,
  register,
  sendLoginCode,
  smsLogin,
  consoleSignIn,
  consoleSignOut,
  consoleMe,
  consoleDashboard,
  consoleOrders,
  consoleOrder,
  consoleApproveOrder,
  consoleRejectOrder,
  consoleDisburseOrder,
  consoleComplaints,
  consoleReplyComplaint,
  consoleFunnel,
  consoleProducts,
  consoleSaveProduct,
  consolePlanPreview,
  consoleAudit,
} as const satisfies Record<RouteName, unknown>;

export type EndpointMap = typeof endpointMap;

export const endpoints = Object.values(endpointMap);

export { contactKfInfo };
export {
  eventSave,
  googleScore,
  loanDetails,
  productDefine,
  unionErrorInfo,
  unionProductLink,
  unionProductTrack,
  agreementDocument,
  contractJump,
  contractList,
  goyaConfirm,
  goyaContractJump,
  goyaContractList,
  goyaPush,
  loanDetailConfirm,
  loanDetailPush,
};
export { recommendedProductWire } from './orders.ts';
export { bindCardNew, cardInit };
export { repaymentCommit, repaymentConfirm, repaymentHuichao, repaymentWay };
export { legacyBankCard } from './legacy-repayment.ts';
export { problemInit, uploadProblemImg, problemSave, problemList, problemDetail, saveScore };
export {
  channelTemplate,
  getCaptcha,
  getSid,
  getSms,
  register,
  sendLoginCode,
  smsLogin,
  trackClick,
  trackVisit,
};
export { channelTemplateConfig, type ChannelTemplateConfig } from './promotion.ts';
export { emphasisMiles, generateVcode, loanPlayDetail };
export {
  consoleSignIn,
  consoleSignOut,
  consoleMe,
  consoleDashboard,
  consoleOrders,
  consoleOrder,
  consoleApproveOrder,
  consoleRejectOrder,
  consoleDisburseOrder,
  consoleComplaints,
  consoleReplyComplaint,
  consoleFunnel,
  consoleProducts,
  consoleSaveProduct,
  consolePlanPreview,
  consoleAudit,
};
