"""The built site's files, sent as generator.precompressed chooses: the build's .br/.gz copy a
request accepts, with Content-Encoding, Vary and the long cache of hashed assets; an unknown
address gets the 404 page of its language (generator.notfound: `/vi/...` the Vietnamese one)."""

import os
from pathlib import Path

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import FileResponse
from starlette.staticfiles import NotModifiedResponse, StaticFiles

from generator import precompressed
from generator.notfound import not_found_page


class PrecompressedFiles(StaticFiles):
    """StaticFiles whose every file response goes through `precompressed.choose`, and whose
    404 page is the address's language's."""

    async def get_response(self, path, scope):
        try:
            response = await super().get_response(path, scope)
        except HTTPException as exc:
            if exc.status_code != 404:
                raise
            response = None
        if response is not None and response.status_code != 404:
            return response
        page = not_found_page(self.directory, path) if self.html else None
        if page is None:
            raise HTTPException(status_code=404)
        return self.file_response(str(page), os.stat(page), scope, status_code=404)

    def file_response(self, full_path, stat_result, scope, status_code=200):
        request_headers = Headers(scope=scope)
        choice = precompressed.choose(full_path, request_headers.get("accept-encoding"))
        if choice.path != Path(full_path):
            stat_result = os.stat(choice.path)
        response = FileResponse(choice.path, status_code=status_code, stat_result=stat_result,
                                media_type=choice.media_type, headers=dict(choice.headers))
        if status_code == 200 and self.is_not_modified(response.headers, request_headers):
            return NotModifiedResponse(response.headers)
        return response
