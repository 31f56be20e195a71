import type {
  CustomerActivityInput,
  CustomerContact,
  CustomerContactInput,
  CustomerDetail,
  CustomerTimelineEntry,
  CustomerTimelinePage,
} from "@klarwerk/kit";
import { customerPageLimits, customerPageMessages } from "@klarwerk/kit";
import type { Deps } from "../../deps.ts";
import { HttpError } from "../../http/errors.ts";
import { pagingParam } from "../../http/ids.ts";
import type { AuditActor } from "../audit/index.ts";
import { customersApiMessages as messages } from "./messages.ts";
import {
  addContact,
  addTag,
  type ContactWrite,
  changeContact,
  linkFile,
  listTags,
  logActivity,
  readCustomerDetail,
  readTimeline,
  removeContact,
  removeTag,
  unlinkFile,
} from "./page-store.ts";
import type { Editor } from "./store.ts";

const customerNotFound = () => new HttpError(404, "customer-not-found", messages.notFound);
const contactNotFound = () => new HttpError(404, "contact-not-found", messages.contactNotFound);

function contactOf(write: ContactWrite): CustomerContact {
  if (write.ok) return write.contact;
  if (write.reason === "no-customer") throw customerNotFound();
  if (write.reason === "no-contact") throw contactNotFound();
  throw new HttpError(409, "too-many-contacts", customerPageMessages.tooManyContacts);
}

/** `?page=&limit=` of the timeline, or a 400. */
export function timelinePaging(query: Record<string, unknown>): { page: number; limit: number } {
  return {
    page: pagingParam(query.page, { fallback: 1, max: 100_000 }, messages.invalidTimelinePage),
    limit: pagingParam(
      query.limit,
      { fallback: customerPageLimits.timelineDefaultLimit, max: customerPageLimits.timelineMaxLimit },
      messages.invalidTimelinePage,
    ),
  };
}

/** The customer page's flows (decision 0095): each answer or its 404/409. */
export function customerPageService({ writes, sql }: Pick<Deps, "sql" | "writes">) {
  return {
    async detail(id: number): Promise<CustomerDetail> {
      const detail = await readCustomerDetail(sql, id);
      if (!detail) throw customerNotFound();
      return detail;
    },
    async addContact(id: number, contact: CustomerContactInput, editor: Editor, actor: AuditActor) {
      return { contact: contactOf(await addContact(writes, id, contact, editor, actor)) };
    },
    async changeContact(id: number, contactId: number, contact: CustomerContactInput, actor: AuditActor) {
      return { contact: contactOf(await changeContact(writes, id, contactId, contact, actor)) };
    },
    async removeContact(id: number, contactId: number, actor: AuditActor): Promise<void> {
      const result = await removeContact(writes, id, contactId, actor);
      if (result === "no-customer") throw customerNotFound();
      if (result === "no-contact") throw contactNotFound();
    },
    async addTag(id: number, tag: string, actor: AuditActor): Promise<{ tags: string[] }> {
      const result = await addTag(writes, id, tag, actor);
      if (result.ok) return { tags: result.tags };
      if (result.reason === "no-customer") throw customerNotFound();
      throw new HttpError(409, "too-many-tags", customerPageMessages.tooManyTags);
    },
    async removeTag(id: number, tag: string, actor: AuditActor): Promise<{ tags: string[] }> {
      const tags = await removeTag(writes, id, tag, actor);
      if (tags === null) throw customerNotFound();
      return { tags };
    },
    async tags() {
      return { tags: await listTags(sql) };
    },
    async timeline(id: number, paging: { page: number; limit: number }, admin: boolean): Promise<CustomerTimelinePage> {
      const page = await readTimeline(sql, id, { ...paging, admin });
      if (!page) throw customerNotFound();
      return page;
    },
    async linkFile(
      id: number,
      fileId: number,
      editor: Editor,
      actor: AuditActor,
    ): Promise<{ entry: CustomerTimelineEntry }> {
      const result = await linkFile(writes, id, fileId, editor, actor);
      if (result.ok) return { entry: result.entry };
      if (result.reason === "no-customer") throw customerNotFound();
      throw new HttpError(404, "file-not-found", messages.fileNotFound);
    },
    async unlinkFile(id: number, fileId: number, actor: AuditActor): Promise<void> {
      const result = await unlinkFile(writes, id, fileId, actor);
      if (result === "no-customer") throw customerNotFound();
      if (result === "no-link") throw new HttpError(404, "file-link-not-found", messages.fileLinkNotFound);
    },
    async log(
      id: number,
      activity: CustomerActivityInput,
      editor: Editor,
      actor: AuditActor,
    ): Promise<{ entry: CustomerTimelineEntry }> {
      const entry = await logActivity(writes, id, activity, editor, actor);
      if (!entry) throw customerNotFound();
      return { entry };
    },
  };
}
