import asyncio

from worker.main import run

if __name__ == "__main__":
    asyncio.run(run())
