/** The secret test apps sign with; tests can sign their own tokens with it (and derive the owner's set-up code). */
export const testJwtSecret = "test-secret-that-is-long-enough-for-hs256-0123456789";
