"""The built site's files, sent as generator.precompressed chooses: the build's .br/.gz copy a
request accepts, with Content-Encoding, Vary and the long cache of hashed assets."""

import os
from pathlib import Path

from starlette.datastructures import Headers
from starlette.responses import FileResponse
from starlette.staticfiles import NotModifiedResponse, StaticFiles

from generator import precompressed


class PrecompressedFiles(StaticFiles):
    """StaticFiles whose every file response goes through `precompressed.choose`."""

    def file_response(self, full_path, stat_result, scope, status_code=200):
        request_headers = Headers(scope=scope)
        choice = precompressed.choose(full_path, request_headers.get("accept-encoding"))
        if choice.path != Path(full_path):
            stat_result = os.stat(choice.path)
        response = FileResponse(choice.path, status_code=status_code, stat_result=stat_result,
                                media_type=choice.media_type, headers=dict(choice.headers))
        if self.is_not_modified(response.headers, request_headers):
            return NotModifiedResponse(response.headers)
        return response
