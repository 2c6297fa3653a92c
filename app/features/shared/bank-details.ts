/** The shop's bank account as checkout and the order confirmation show it for a bank transfer. */
export interface BankDetails {
  name: string;
  accountName: string;
  accountNumber: string;
}
