/** Per client address: new codes an hour, code checks an hour, applications and questions an hour. */
export const LIMITS = {
  codeSend: { bucket: "otp-send", max: 10, windowSeconds: 3600 },
  codeVerify: { bucket: "otp-verify", max: 30, windowSeconds: 3600 },
  application: { bucket: "application", max: 10, windowSeconds: 3600 },
  faq: { bucket: "faq", max: 5, windowSeconds: 3600 },
} as const;
