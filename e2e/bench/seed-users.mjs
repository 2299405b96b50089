// Who the benches sign in as: the seeded super admin of the sandbox, also the mock's example.
export const DANA = { email: 'dana.whitfield@acme-cloud.com', password: 'Sup3r-Secret!' };
