import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";

describe("documents in the OpenAPI document", () => {
  it("describes every document route, the upload as multipart and the download as binary", async () => {
    const res = await api("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.body.paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        "/v1/documents/upload",
        "/v1/documents/download/{fileId}",
        "/v1/documents/shared/{token}",
        "/v1/documents",
        "/v1/documents/{fileId}/metadata",
        "/v1/documents/{fileId}/audit-log",
        "/v1/documents/{fileId}",
        "/v1/documents/{fileId}/share",
        "/v1/documents/{fileId}/shares",
        "/v1/documents/{fileId}/share/{shareId}",
        "/v1/admin/documents/rewrap",
      ]),
    );
    const upload = paths["/v1/documents/upload"].post;
    expect(upload.requestBody.content["multipart/form-data"].schema.properties.file).toEqual({
      type: "string",
      format: "binary",
    });
    expect(upload.parameters.map((p: any) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(["header:Classification-Level", "header:Expires-At", "header:Entity-Id"]),
    );
    const download = paths["/v1/documents/download/{fileId}"].get;
    expect(download.responses["200"].content["application/octet-stream"].schema.format).toBe("binary");
    expect(paths["/v1/documents/{fileId}"].delete).toBeDefined();
    // The share-link management routes come from the member route factory (bearer auth).
    expect(paths["/v1/documents/{fileId}/shares"].get.security).toEqual([{ bearerAuth: [] }]);
    expect(paths["/v1/documents/{fileId}/share/{shareId}"].delete.security).toEqual([{ bearerAuth: [] }]);
  });
});
