import { InvoicingSetupNotice } from "./InvoicingSetupNotice";
import { OperationsNotice } from "./OperationsNotice";
import { PendingAccessNotice } from "./PendingAccessNotice";

/**
 * The dashboard's notices for admins, a chunk of their own (Dashboard loads it lazily): staff,
 * who never see them, do not download them, their texts or their API calls.
 */
export default function AdminNotices() {
  return (
    <>
      <PendingAccessNotice admin />
      <InvoicingSetupNotice admin />
      <OperationsNotice admin />
    </>
  );
}
