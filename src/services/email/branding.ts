// How every e-mail of an organization looks: its brand colour (`brandColorOf`, readable on white)
// and its logo. Mail clients load the logo from a public URL on this API,
// GET /v1/public/logo/{organization_id}?v={tag} (see docs/emails.md, "Logo"): the organization
// id (24 random characters) names it, and the tag changes with the image so caches (Gmail's image
// proxy) take the new one. Without a public origin or a logo, the seller's name stands in its place.
// An e-mail of an issued document looks as the document was issued: the colour and logo tag frozen
// in its model; a model frozen before the logo tag was (no `logoTag` key) takes the current logo.
import type { Organization } from "../../db/schema/identity";
import { brandColorOf } from "../../lib/brand-color";
import type { EmailBranding } from "../../render/email";
import type { IssuedDocument } from "../issued-document";
import { logoTag } from "../logo";

export const publicLogoPath = (organizationId: string) => `/v1/public/logo/${organizationId}`;

export async function emailBrandingOf(
  bucket: R2Bucket,
  baseUrl: string | null | undefined,
  organization: Organization,
  issued?: Pick<IssuedDocument, "brandColor" | "logoTag">,
): Promise<EmailBranding> {
  const frozen = issued !== undefined && issued.logoTag !== undefined;
  const tag = !baseUrl ? null : frozen ? issued.logoTag : await logoTag(bucket, organization.id);
  return {
    brandColor: issued?.brandColor ?? brandColorOf(organization),
    logoUrl: tag && baseUrl ? `${baseUrl}${publicLogoPath(organization.id)}?v=${tag}` : null,
  };
}
